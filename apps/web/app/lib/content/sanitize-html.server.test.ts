import { describe, expect, it } from "vitest";
import { safeContent, sanitizeContentHtml } from "./sanitize-html.server";

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

describe("safeContent", () => {
  it("cleans html and keeps only site paths and web, mail and phone addresses as urls", () => {
    expect(safeContent("<p onclick=x()>Hi</p>", "html")).toBe("<p>Hi</p>");
    expect(safeContent(" /deals/public?type=producing ", "url")).toBe("/deals/public?type=producing");
    expect(safeContent("https://example.com/a", "url")).toBe("https://example.com/a");
    expect(safeContent("mailto:deals@example.com", "url")).toBe("mailto:deals@example.com");
    for (const hostile of ["javascript:alert(1)", "data:text/html,x", "//evil.test", "/\\evil.test", 42])
      expect(safeContent(hostile, "url")).toBe("");
  });

  it("raises 'Invalid safe type specified' for a kind it does not know", () => {
    expect(() => safeContent("<p>x</p>", "script")).toThrow("Invalid safe type specified");
  });
});
