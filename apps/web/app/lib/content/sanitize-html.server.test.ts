import { describe, expect, it } from "vitest";
import { sanitizeContentHtml } from "./sanitize-html.server";

describe("sanitizeContentHtml", () => {
  it("keeps the markup editors use", () => {
    const html =
      '<h2>Title</h2><p>Some <strong>bold</strong>, <em>italic</em> and <a href="/services">a link</a>.</p><ul><li>One</li></ul>';
    expect(sanitizeContentHtml(html)).toBe(html);
  });

  it("removes scripts, event handlers, styles and javascript: links", () => {
    const html =
      '<p onclick="steal()" style="color:red">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)><iframe src="https://evil.test"></iframe>';
    const clean = sanitizeContentHtml(html);
    expect(clean).toBe("<p>Hi</p><a>x</a>");
  });

  it("turns an editor's h1 into a section heading: the page owns its h1", () => {
    expect(sanitizeContentHtml("<h1>Big</h1>")).toBe("<h2>Big</h2>");
  });

  it("gives links that open a new tab noopener, and drops other targets and rels", () => {
    expect(sanitizeContentHtml('<a href="https://x.test" target="_blank">x</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeContentHtml('<a href="/a" target="_self" rel="opener">a</a>')).toBe('<a href="/a">a</a>');
  });

  it("answers empty for anything that is not text", () => {
    expect(sanitizeContentHtml(null)).toBe("");
    expect(sanitizeContentHtml(42)).toBe("");
    expect(sanitizeContentHtml("   ")).toBe("");
  });
});
