/**
 * The one reply of a file the browser saves (staff exports, signed agreements): attachment under a
 * name, private and never cached (it holds staff or buyer data), its type not sniffed.
 */
export function downloadResponse(
  body: BodyInit,
  file: { name: string; contentType: string; size?: number },
): Response {
  const headers = new Headers({
    "content-type": file.contentType,
    "content-disposition": `attachment; filename="${file.name}"`,
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
  });
  if (file.size !== undefined) headers.set("content-length", String(file.size));
  return new Response(body, { headers });
}

/** A download refused for its query (a bad filter or format): the reasons as plain text, a line each. */
export function downloadRefused(reasons: readonly string[]): Response {
  return new Response(`${reasons.join("\n")}\n`, {
    status: 400,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" },
  });
}

/** Today's date for a file name (users-2031-06-10.csv). */
export const fileDay = (): string => new Date().toISOString().slice(0, 10);
