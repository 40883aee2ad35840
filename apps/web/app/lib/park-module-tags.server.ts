import { PARKED_PRELOAD, PARKED_SCRIPT } from "./deferred-hydration";

const TAG_REWRITES = [
  ['rel="modulepreload"', `rel="${PARKED_PRELOAD}"`],
  ['type="module"', `type="${PARKED_SCRIPT}"`],
].map(([from, to]) => ({ from, to }));

const TAGS_PARKED = ["link", "script"];

/**
 * A page's HTML with React Router's module tags parked (see deferred-hydration.tsx): the attributes are
 * rewritten only inside a `<link>` or `<script>` tag, never in page content.
 *
 * The few attributes are found with a plain search and checked in place, rather than running a pattern
 * over every tag of the page.
 */
export function parkModuleTags(html: string): string {
  const found: { at: number; from: string; to: string }[] = [];
  for (const rewrite of TAG_REWRITES) {
    for (let at = html.indexOf(rewrite.from); at !== -1; at = html.indexOf(rewrite.from, at + 1)) {
      if (insideParkedTag(html, at)) found.push({ at, ...rewrite });
    }
  }
  if (found.length === 0) return html;
  found.sort((a, b) => a.at - b.at);
  const pieces: string[] = [];
  let copied = 0;
  for (const { at, from, to } of found) {
    pieces.push(html.slice(copied, at), to);
    copied = at + from.length;
  }
  pieces.push(html.slice(copied));
  return pieces.join("");
}

/** Whether `at` lies inside an open `<link …` or `<script …` tag (after its `<`, before its `>`). */
function insideParkedTag(html: string, at: number): boolean {
  const open = html.lastIndexOf("<", at);
  if (open === -1 || html.lastIndexOf(">", at) > open) return false;
  return TAGS_PARKED.some(
    (name) => html.startsWith(name, open + 1) && !isTagNameCharacter(html[open + 1 + name.length]),
  );
}

/** Letters, digits and `-` continue a tag name (`<linked>` is not `<link>`). */
const isTagNameCharacter = (character: string | undefined): boolean =>
  character !== undefined && /[A-Za-z0-9-]/.test(character);
