import { describe, expect, it } from "vitest";
import { PRELOADS_PER_TASK, startHydrationScript } from "./deferred-hydration";

/** Just enough of a document for the start script: parked links and scripts, load and animation frames. */
function fakePage(readyState: "loading" | "complete", preloads = 2) {
  const links = Array.from({ length: preloads }, () => ({ rel: "aea-modulepreload" }));
  const inserted: { type: string; nonce: string; textContent: string }[] = [];
  const parked = {
    nonce: "n",
    textContent: 'import "/_app/root.js";',
    replaceWith: (script: (typeof inserted)[number]) => inserted.push(script),
  };
  const listeners: (() => void)[] = [];
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const document = {
    readyState,
    querySelectorAll: (selector: string) =>
      selector.startsWith("link[rel=")
        ? links.filter((l) => l.rel === "aea-modulepreload")
        : inserted.length
          ? []
          : [parked],
    createElement: () => ({ type: "", nonce: "", textContent: "" }),
  };
  const run = () =>
    new Function("document", "addEventListener", "requestAnimationFrame", "setTimeout", startHydrationScript)(
      document,
      (_event: string, listener: () => void) => listeners.push(listener),
      (frame: () => void) => frames.push(frame),
      (timer: () => void) => timers.push(timer),
    );
  const flushFrames = () => {
    for (const frame of frames.splice(0)) frame();
  };
  const runTimers = () => {
    for (const timer of timers.splice(0)) timer();
  };
  return { links, inserted, listeners, timers, run, flushFrames, runTimers };
}

describe("the start script", () => {
  it("waits for the load event and two painted frames, then restores the preloads and the module script", () => {
    const page = fakePage("loading");
    page.run();
    expect(page.inserted).toHaveLength(0);
    for (const listener of page.listeners) listener();
    page.flushFrames();
    expect(page.inserted).toHaveLength(0);
    page.flushFrames();
    expect(page.links.map((l) => l.rel)).toEqual(["modulepreload", "modulepreload"]);
    expect(page.inserted).toEqual([{ type: "module", nonce: "n", textContent: 'import "/_app/root.js";' }]);
  });

  it("restores a few preloads per task, and the module script after the last of them", () => {
    const page = fakePage("complete", PRELOADS_PER_TASK * 2 + 1);
    page.run();
    page.flushFrames();
    page.flushFrames();
    const restored = () => page.links.filter((l) => l.rel === "modulepreload").length;
    expect(restored()).toBe(PRELOADS_PER_TASK);
    expect(page.inserted).toHaveLength(0);
    page.runTimers();
    expect(restored()).toBe(PRELOADS_PER_TASK * 2);
    expect(page.inserted).toHaveLength(0);
    page.runTimers();
    expect(restored()).toBe(page.links.length);
    expect(page.inserted).toHaveLength(1);
  });

  it("starts at the deadline when the load event never comes, and only once", () => {
    const page = fakePage("loading");
    page.run();
    for (const timer of page.timers) timer();
    expect(page.inserted).toHaveLength(1);
    for (const listener of page.listeners) listener();
    page.flushFrames();
    page.flushFrames();
    expect(page.inserted).toHaveLength(1);
  });
});
