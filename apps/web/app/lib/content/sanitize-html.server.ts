/**
 * Cleans content HTML on the server, so the browser receives markup that cannot run script and the
 * sanitiser never ships in the client bundle (spec: CMS HTML sanitised before render).
 */
import { INVALID_SAFE_TYPE } from "@aea/domain";
import sanitize from "sanitize-html";
import type { SafeHtml } from "./safe-html";

const options: sanitize.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "sub",
    "sup",
    "small",
    "span",
    "a",
    "ul",
    "ol",
    "li",
    "blockquote",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: { a: ["href", "title", "target", "rel"], th: ["scope"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // The page owns its one h1; an editor's h1 becomes a section heading.
    h1: "h2",
    // Links opening a new tab never hand the new page a handle on this one.
    a: (tagName, attribs) => {
      const { target, rel: _rel, ...rest } = attribs;
      return {
        tagName,
        attribs: target === "_blank" ? { ...rest, target, rel: "noopener noreferrer" } : rest,
      };
    },
  },
};

export function sanitizeContentHtml(html: unknown): SafeHtml {
  if (typeof html !== "string" || html.trim() === "") return "" as SafeHtml;
  return sanitize(html, options).trim() as SafeHtml;
}

/**
 * A content-service value made safe for where it goes (spec §5, the safe-content conversion): "html"
 * for rich text, "url" for a link's address. A kind it does not know is refused loudly, never passed
 * through unconverted.
 */
export function safeContent(value: unknown, type: "html"): SafeHtml;
export function safeContent(value: unknown, type: string): string;
export function safeContent(value: unknown, type: string): SafeHtml | string {
  if (type === "html") return sanitizeContentHtml(value);
  if (type === "url") return safeUrl(value);
  throw new Error(INVALID_SAFE_TYPE);
}

/** A site path or an http(s), mailto or tel address; anything else (javascript:, data:, //host) is "". */
function safeUrl(value: unknown): string {
  const url = typeof value === "string" ? value.trim() : "";
  if (url.startsWith("/")) return url.startsWith("//") || url.startsWith("/\\") ? "" : url;
  return /^(https?:\/\/|mailto:|tel:)/i.test(url) ? url : "";
}
