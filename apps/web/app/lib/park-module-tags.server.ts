import { PARKED_PRELOAD, PARKED_SCRIPT } from "./deferred-hydration";

const TAG_REWRITES = [
  ['rel="modulepreload"', `rel="${PARKED_PRELOAD}"`],
  ['type="module"', `type="${PARKED_SCRIPT}"`],
].map(([from, to]) => ({ from, fromLength: Buffer.byteLength(from), to: Buffer.from(to) }));

const TAGS_PARKED = ["link", "script"].map((name) => Buffer.from(name));

/**
 * A page's HTML (UTF-8) with React Router's module tags parked (see deferred-hydration.tsx): the
 * attributes are rewritten only inside a `<link>` or `<script>` tag, never in page content.
 *
 * The few attributes are found with a plain byte search and checked in place, rather than running a
 * pattern over every tag of the page. Everything searched for is ASCII, so no match can start or end
 * inside a multi-byte character.
 */
export function parkModuleTags(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const found: { at: number; fromLength: number; to: Buffer }[] = [];
  for (const rewrite of TAG_REWRITES) {
    for (let at = html.indexOf(rewrite.from); at !== -1; at = html.indexOf(rewrite.from, at + 1)) {
      if (insideParkedTag(html, at)) found.push({ at, ...rewrite });
    }
  }
  if (found.length === 0) return html;
  found.sort((a, b) => a.at - b.at);
  const pieces: Uint8Array[] = [];
  let copied = 0;
  for (const { at, fromLength, to } of found) {
    pieces.push(html.subarray(copied, at), to);
    copied = at + fromLength;
  }
  pieces.push(html.subarray(copied));
  return Buffer.concat(pieces);
}

const LESS_THAN = "<".charCodeAt(0);
const GREATER_THAN = ">".charCodeAt(0);

/** Whether `at` lies inside an open `<link …` or `<script …` tag (after its `<`, before its `>`). */
function insideParkedTag(html: Buffer, at: number): boolean {
  const open = html.lastIndexOf(LESS_THAN, at);
  if (open === -1 || html.lastIndexOf(GREATER_THAN, at) > open) return false;
  return TAGS_PARKED.some(
    (name) =>
      html.subarray(open + 1, open + 1 + name.length).equals(name) &&
      !isTagNameCharacter(html[open + 1 + name.length]),
  );
}

/** Letters, digits and `-` continue a tag name (`<linked>` is not `<link>`). */
const isTagNameCharacter = (byte: number | undefined): boolean =>
  byte !== undefined && /[A-Za-z0-9-]/.test(String.fromCharCode(byte));
