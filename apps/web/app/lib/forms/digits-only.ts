/**
 * Digits-only inputs (spec §5): phone numbers, ZIP codes and whole-number listing fields take digits,
 * the keys that move and edit, and copy/paste; a paste keeps only its digits. The server still
 * validates every field: this only stops a slip of the finger, and not before the scripts run.
 */
import type { ClipboardEvent, FormEvent, KeyboardEvent } from "react";

/** Keys that move the caret, edit, or leave the field. */
const NAVIGATION_AND_EDITING = new Set([
  "Backspace",
  "Delete",
  "Tab",
  "Escape",
  "Enter",
  "Home",
  "End",
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  "Clear",
  "Copy",
  "Cut",
  "Paste",
  "Undo",
  "Redo",
]);

/** Select all, copy, cut, paste, undo and redo with Ctrl (Windows, Linux) or Cmd (Mac). */
const CLIPBOARD_SHORTCUTS = new Set(["a", "c", "v", "x", "z", "y"]);

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/**
 * What phone keyboards and input methods report for every key: blocking it would block digits too, so
 * these pass and the input handler keeps only the digits of what arrives.
 */
const UNNAMED_KEYS = new Set(["Unidentified", "Process"]);

export function digitsOnlyAllows({ key, ctrlKey, metaKey, altKey }: KeyPress): boolean {
  if (NAVIGATION_AND_EDITING.has(key) || UNNAMED_KEYS.has(key)) return true;
  if (ctrlKey || metaKey) return !altKey && CLIPBOARD_SHORTCUTS.has(key.toLowerCase());
  return !altKey && /^[0-9]$/.test(key);
}

/** The digits of a text, in order ("(713) 555-0100" gives "7135550100"). */
export function digitsOf(text: string): string {
  return text.replace(/\D+/g, "");
}

/** Props that make an input digits-only; spread them onto a text field. */
export const digitsOnlyInput = {
  inputMode: "numeric",
  onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!digitsOnlyAllows(event)) event.preventDefault();
  },
  onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData("text");
    const digits = digitsOf(pasted);
    if (digits === pasted) return;
    event.preventDefault();
    // execCommand keeps the browser's undo history and fires the input event forms listen to.
    if (digits) document.execCommand("insertText", false, digits);
  },
  // Whatever still got in (a phone keyboard, a drop) is reduced to its digits.
  onInput(event: FormEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const digits = digitsOf(input.value);
    if (digits !== input.value) input.value = digits;
  },
} as const;
