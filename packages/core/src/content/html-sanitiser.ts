import sanitizeHtml from "sanitize-html";

/**
 * What the staff editor's rich text may contain: structure and emphasis, links and lists. Anything
 * else (scripts, styles, event handlers, iframes, images with remote sources) is dropped on save, so
 * pages may render the stored HTML as it is.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h2",
    "h3",
    "h4",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "a",
    "ul",
    "ol",
    "li",
    "blockquote",
    "sup",
    "sub",
  ],
  allowedAttributes: { a: ["href", "title", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Text inside dropped <script>/<style> elements goes with them; other dropped tags keep their text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "template"],
  transformTags: {
    a: (tagName, attribs) => {
      const attributes: Record<string, string> = { ...attribs };
      if (attributes.target && attributes.target !== "_blank") delete attributes.target;
      // A link that opens a new tab must not hand the new page a handle on ours.
      if (attributes.target === "_blank") attributes.rel = "noopener noreferrer";
      else delete attributes.rel;
      return { tagName, attribs: attributes };
    },
  },
  exclusiveFilter: (frame) => frame.tag === "a" && !frame.attribs.href && !frame.text.trim(),
};

/** The HTML with only the allowed tags and attributes; empty editors (`<p><br></p>`) become "". */
export function sanitiseHtml(html: string): string {
  const clean = sanitizeHtml(html, options).trim();
  return clean.replace(/<(p|br)\s*\/?>|<\/p>|&nbsp;|\s/g, "") === "" ? "" : clean;
}
