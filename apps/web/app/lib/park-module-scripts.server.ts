import { Transform } from "node:stream";
import { PARKED_PRELOAD, PARKED_SCRIPT } from "./deferred-hydration";

const TAG_REWRITES: readonly [string, string][] = [
  ['rel="modulepreload"', `rel="${PARKED_PRELOAD}"`],
  ['type="module"', `type="${PARKED_SCRIPT}"`],
];

/** Rewrites text that lies inside an HTML tag only (between `<` and `>`), never page content. */
function parkTags(html: string): string {
  return html.replace(/<(?:link|script)\b[^<>]*>/g, (tag) => {
    let parked = tag;
    for (const [from, to] of TAG_REWRITES) parked = parked.replace(from, to);
    return parked;
  });
}

/**
 * A stream of server HTML with React Router's module tags parked.
 *
 * React writes a page in 4 KB pieces and calls the destination's `flush()` after each batch (the hook
 * it has for compression streams). The pieces are held until then and leave as one chunk: a signed-in
 * page of 200 KB then crosses the web-stream, Node-stream and compression hops a few times instead of
 * fifty, and under load each hop waits a turn of the event loop. A tag left open at a flush (it cannot
 * be parked yet) waits for the next batch.
 */
export function parkModuleScripts(): Transform & { flush(): void } {
  const decoder = new TextDecoder();
  let held = "";
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      held += decoder.decode(chunk, { stream: true });
      done();
    },
    flush(done) {
      const rest = held + decoder.decode();
      held = "";
      done(null, rest ? Buffer.from(parkTags(rest)) : undefined);
    },
  });
  return Object.assign(stream, {
    flush() {
      const open = held.lastIndexOf("<");
      const cut = open !== -1 && held.indexOf(">", open) === -1 ? open : held.length;
      const ready = held.slice(0, cut);
      held = held.slice(cut);
      if (ready) stream.push(Buffer.from(parkTags(ready)));
    },
  });
}
