import { describe, expect, it } from "vitest";
import { PageCollector } from "./page-collector.server";

describe("PageCollector", () => {
  it("hands over every piece written, in order, as one page of UTF-8 once ended", async () => {
    const collector = new PageCollector();
    // Some 300 KB in 3,000 pieces: several batches of encoding, and more than the first capacity.
    const pieces = Array.from({ length: 3000 }, (_, i) =>
      i % 3 === 0 ? `<p>${i} – Panola County ✓ ${"x".repeat(200)}` : i % 3 === 1 ? "</p>" : "<a>é</a>",
    );
    // React waits for `drain` whenever a write answers false: a page must never make it wait.
    expect(pieces.map((piece) => collector.write(piece))).not.toContain(false);
    collector.end();
    const page = await collector.page;
    expect(page.toString("utf8")).toBe(pieces.join(""));
    expect(page.length).toBe(Buffer.byteLength(pieces.join("")));
  });

  it("hands over a short page whole", async () => {
    const collector = new PageCollector();
    collector.write("<!DOCTYPE html>");
    collector.write("<p>Delaware Basin — ORRI</p>");
    collector.end();
    expect((await collector.page).toString()).toBe("<!DOCTYPE html><p>Delaware Basin — ORRI</p>");
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
