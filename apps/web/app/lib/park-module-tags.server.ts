import { PARKED_PRELOAD, PARKED_SCRIPT } from "./deferred-hydration";

const TAG_REWRITES = [
  ['rel="modulepreload"', `rel="${PARKED_PRELOAD}"`],
  ['type="module"', `type="${PARKED_SCRIPT}"`],
].map(([from, to]) => ({ from: Buffer.from(from), to: Buffer.from(to) }));

const TAGS_PARKED = ["link", "script"].map((name) => Buffer.from(name));
const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;

/**
 * A page's HTML with React Router's module tags parked (see deferred-hydration.tsx): the attributes are
 * rewritten only inside a `<link>` or `<script>` tag, never in page content.
 *
 * It works on the page's bytes, as React wrote them: the few attributes are found with a byte search
 * and checked in place, rather than decoding the page into a string and running a pattern over every
 * tag.
 */
export function parkModuleTags(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const found: { at: number; from: Buffer; to: Buffer }[] = [];
  for (const rewrite of TAG_REWRITES) {
    for (let at = html.indexOf(rewrite.from); at !== -1; at = html.indexOf(rewrite.from, at + 1)) {
      if (insideParkedTag(html, at)) found.push({ at, ...rewrite });
    }
  }
  if (found.length === 0) return html;
  found.sort((a, b) => a.at - b.at);
  const pieces: Buffer[] = [];
  let copied = 0;
  for (const { at, from, to } of found) {
    pieces.push(html.subarray(copied, at), to);
    copied = at + from.length;
  }
  pieces.push(html.subarray(copied));
  return Buffer.concat(pieces);
}

/** Whether `at` lies inside an open `<link …` or `<script …` tag (after its `<`, before its `>`). */
function insideParkedTag(html: Buffer, at: number): boolean {
  const open = html.lastIndexOf(LESS_THAN, at);
  if (open === -1 || html.lastIndexOf(GREATER_THAN, at) > open) return false;
  return TAGS_PARKED.some((name) => {
    const end = open + 1 + name.length;
    return html.subarray(open + 1, end).equals(name) && !isTagNameByte(html[end]);
  });
}

/** Letters, digits and `-` continue a tag name (`<linked>` is not `<link>`). */
const isTagNameByte = (byte: number | undefined): boolean =>
  byte !== undefined && /[A-Za-z0-9-]/.test(String.fromCharCode(byte));
