import { describe, expect, it } from "vitest";
import { onFirstUse } from "./on-first-use.ts";

describe("onFirstUse", () => {
  it("builds the value on first use, once", () => {
    let built = 0;
    const value = onFirstUse(() => ({ n: ++built }));
    expect(built).toBe(0);
    expect(value()).toBe(value());
    expect(built).toBe(1);
  });
});
