/**
 * Reads a posted form with a ceiling on its size: the body is counted while it streams in and the
 * request is refused once it passes the limit, so a huge upload never sits whole in memory.
 */
export class BodyTooLarge extends Error {}

export async function limitedFormData(request: Request, maxBytes: number): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new BodyTooLarge();
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel();
        throw new BodyTooLarge();
      }
      chunks.push(value);
    }
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const headers = { "content-type": request.headers.get("content-type") ?? "" };
  return new Response(body, { headers }).formData();
}
