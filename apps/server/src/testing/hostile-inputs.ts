import { createRng, type Rng } from "@aea/core/testing";

/**
 * Inputs an attacker or a broken client sends, for the API fuzz test: values of the wrong type, huge
 * and deeply nested ones, prototype keys, awkward unicode, bad numbers. A seeded generator picks
 * among them so a failure can be replayed with the same seed.
 */

const MEGABYTE = 1024 * 1024;

/** Deterministic pseudo-random numbers (the demo's mulberry32): the same seed gives the same run. */
export const seededRandom = (seed: number): Rng => createRng(seed);

const deepArray = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

/** Text for query strings and JSON strings. */
export const hostileTexts: readonly string[] = [
  "",
  " ",
  "x".repeat(20_000),
  "\u202Eevil\u202C.exe",
  "nul\u0000byte",
  "lone \uD800 surrogate",
  "\uDFFF",
  "😀".repeat(500),
  "<script>alert(1)</script>",
  "' OR '1'='1' --",
  "../../../etc/passwd",
  "%00%ff%fe",
  "__proto__",
  "constructor",
  "NaN",
  "-1",
  "1e308",
  "-9007199254740993",
  "Infinity",
  "0x10",
  "true",
  "null",
  "[]",
  "{}",
  deepArray(64),
  "a@b",
  "a@example.test\r\nBcc: victim@example.test",
];

/** JSON values of every type, for fields of a body. */
export const hostileValues: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  [1, "a", null],
  {},
  { __proto__: { isAdmin: true } },
  JSON.parse('{"__proto__":{"isAdmin":true}}'),
  { constructor: { prototype: { isAdmin: true } } },
  "x".repeat(MEGABYTE / 2),
  ...hostileTexts,
];

/** Whole request bodies, each with the content type it is sent as. */
export const hostileBodies: ReadonlyArray<{ contentType: string; body: string }> = [
  { contentType: "application/json", body: "{" },
  { contentType: "application/json", body: '{"a":1,}' },
  { contentType: "application/json", body: "null" },
  { contentType: "application/json", body: "[]" },
  { contentType: "application/json", body: '"text"' },
  { contentType: "application/json", body: "1e999" },
  { contentType: "application/json", body: deepArray(10_000) },
  { contentType: "application/json", body: deepObject(10_000) },
  {
    contentType: "application/json",
    body: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
  },
  { contentType: "application/json", body: JSON.stringify({ a: "x".repeat(MEGABYTE + 10) }) },
  { contentType: "application/json", body: '{"a":"\\ud800"}' },
  { contentType: "application/json; charset=utf-16", body: "{}" },
  { contentType: "text/plain", body: "hello" },
  {
    contentType: "application/xml",
    body: "<?xml version='1.0'?><!DOCTYPE x [<!ENTITY e SYSTEM 'file:///etc/passwd'>]><x>&e;</x>",
  },
  { contentType: "application/x-www-form-urlencoded", body: "a=1&a=2&__proto__[isAdmin]=true" },
  {
    contentType: "multipart/form-data; boundary=x",
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  },
  { contentType: "multipart/form-data", body: "garbage" },
  { contentType: "", body: "{}" },
];
