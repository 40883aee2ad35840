import { describe, expect, it } from "vitest";
import { parkModuleTags } from "./park-module-tags.server";

const page =
  '<html><head><link rel="modulepreload" href="/_app/framework.js" nonce="n"/><link rel="icon" href="/favicon.svg"/>' +
  '<linked rel="modulepreload"/></head>' +
  '<body><p>Filter with type="module" or rel="modulepreload" in prose — é ✓</p>' +
  "<input value='type=\"module\"'/>" +
  '<script nonce="n" type="module" async="">import "/_app/root.js";</script></body></html>';

const parked = page
  .replace('rel="modulepreload" href', 'rel="aea-modulepreload" href')
  .replace('type="module" async', 'type="aea-module" async');

describe("parkModuleTags", () => {
  it("parks React Router's module tags and nothing else", () => {
    expect(parkModuleTags(Buffer.from(page)).toString()).toBe(parked);
  });

  it("parks every module tag of a page, wherever it is", () => {
    const preloads = Array.from({ length: 30 }, (_, i) => `<link rel="modulepreload" href="/_app/${i}.js"/>`);
    const html = `<head>${preloads.join("")}</head><body><p>é</p><script type="module">x</script></body>`;
    expect(parkModuleTags(Buffer.from(html)).toString()).toBe(
      html.replaceAll('"modulepreload"', '"aea-modulepreload"').replace('"module"', '"aea-module"'),
    );
  });

  it("finds the tags behind multi-byte characters and at the very end of a page", () => {
    const html = `<p>${"Panola County – 7,650 NRA ✓ ".repeat(50)}</p><script type="module"`;
    expect(parkModuleTags(Buffer.from(html)).toString()).toBe(html.replace('"module"', '"aea-module"'));
    const cut = "<p>é</p><scrip";
    expect(parkModuleTags(Buffer.from(`${cut}t type="module"`)).toString()).toBe(`${cut}t type="aea-module"`);
  });

  it("leaves a page without module tags as it is", () => {
    const html = "<html><body><p>No scripts here ✓</p></body></html>";
    expect(parkModuleTags(Buffer.from(html)).toString()).toBe(html);
  });
});
