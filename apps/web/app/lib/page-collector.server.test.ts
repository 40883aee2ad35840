import { describe, expect, it } from "vitest";
import { PageCollector } from "./page-collector.server";

describe("PageCollector", () => {
  it("hands over every piece written, in order, as one page once ended", async () => {
    const collector = new PageCollector();
    const pieces = Array.from({ length: 40 }, (_, i) => `<p>${i} é ✓ ${"x".repeat(2000)}</p>`);
    // React waits for `drain` whenever a write answers false: a page must never make it wait.
    expect(pieces.map((piece) => collector.write(piece))).not.toContain(false);
    collector.end();
    expect(await collector.page).toBe(pieces.join(""));
  });

  it("fails when the render is abandoned before the page ends", async () => {
    const collector = new PageCollector();
    collector.write("<html>");
    collector.destroy();
    await expect(collector.page).rejects.toThrow("abandoned");
  });

  it("keeps the error React abandoned the page with", async () => {
    const collector = new PageCollector();
    collector.write("<html>");
    collector.destroy(new Error("The render was aborted by the server without a reason."));
    collector.end();
    await expect(collector.page).rejects.toThrow("aborted by the server");
  });
});
