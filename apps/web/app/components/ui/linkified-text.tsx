import type { ReactNode } from "react";

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]]+$/;

/**
 * Plain text with its web addresses made into links, line breaks kept. `href` may rewrite an address
 * (e.g. to a relative path); the text shown is always the original.
 */
export function LinkifiedText({
  text,
  href = (url) => url,
  className,
}: {
  text: string;
  href?: (url: string) => string;
  className?: string;
}) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING, "");
    const start = match.index;
    parts.push(text.slice(last, start));
    parts.push(
      <a
        key={start}
        href={href(url)}
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
