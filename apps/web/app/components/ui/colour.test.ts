import { describe, expect, it } from "vitest";
import { contrastingText, cssColour } from "./colour";

describe("contrastingText", () => {
  it("puts dark text on light colours and white on dark ones", () => {
    expect(contrastingText("#ffffff")).toBe("var(--color-navy-950)");
    expect(contrastingText("#f59e0b")).toBe("var(--color-navy-950)");
    expect(contrastingText("#0b1b31")).toBe("white");
    expect(contrastingText("#123")).toBe("white");
    expect(contrastingText("tomato")).toBe("var(--color-navy-950)");
  });
});

describe("cssColour", () => {
  it("accepts hex, rgb/hsl and named colours, and nothing that could break out of the property", () => {
    expect(cssColour("#0e7490", "x")).toBe("#0e7490");
    expect(cssColour("rgb(1, 2, 3)", "x")).toBe("rgb(1, 2, 3)");
    expect(cssColour("teal", "x")).toBe("teal");
    expect(cssColour("red; background: url(x)", "x")).toBe("x");
  });
});
