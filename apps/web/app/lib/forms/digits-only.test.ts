import { describe, expect, it } from "vitest";
import { digitsOf, digitsOnlyAllows } from "./digits-only";

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) =>
  digitsOnlyAllows({ key, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe("digits-only inputs", () => {
  it("take digits, the keys that move and edit, and copy/paste shortcuts", () => {
    for (const key of ["0", "5", "9", "Backspace", "Delete", "Tab", "Enter", "Home", "End", "ArrowLeft"])
      expect(press(key), key).toBe(true);
    for (const key of ["a", "c", "v", "x"]) {
      expect(press(key, { ctrlKey: true }), `Ctrl+${key}`).toBe(true);
      expect(press(key, { metaKey: true }), `Cmd+${key}`).toBe(true);
    }
  });

  it("refuse letters, signs, spaces and other shortcuts", () => {
    for (const key of ["a", "E", "e", "-", "+", ".", " ", "("]) expect(press(key), key).toBe(false);
    expect(press("p", { ctrlKey: true })).toBe(false);
    expect(press("5", { altKey: true })).toBe(false);
  });

  it("let a phone keyboard's unnamed keys through to the input, which keeps only digits", () => {
    expect(press("Unidentified")).toBe(true);
  });

  it("keep only the digits of a pasted text", () => {
    expect(digitsOf("(713) 555-0100")).toBe("7135550100");
    expect(digitsOf("TX 77002")).toBe("77002");
    expect(digitsOf("none")).toBe("");
  });
});
