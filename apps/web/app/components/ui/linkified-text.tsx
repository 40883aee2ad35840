import type { ReactNode } from "react";
import { linkTarget } from "./link-target";

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]]+$/;

/**
 * Plain text with its http(s) addresses made into links (linkTarget: those of `siteOrigin` as paths),
 * line breaks kept; the text shown is always the original.
 */
export function LinkifiedText({
  text,
  siteOrigin,
  className,
}: {
  text: string;
  siteOrigin?: string;
  className?: string;
}) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING, "");
    const href = linkTarget(url, siteOrigin);
    if (href === null) continue;
    const start = match.index;
    parts.push(text.slice(last, start));
    parts.push(
      <a
        key={start}
        href={href}
        className="break-all font-medium text-navy-700 underline decoration-amber-500 underline-offset-2 hover:text-navy-900"
      >
        {url}
      </a>,
    );
    last = start + url.length;
  }
  parts.push(text.slice(last));
  return <div className={`whitespace-pre-wrap break-words ${className ?? ""}`}>{parts}</div>;
}
