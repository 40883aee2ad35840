/**
 * The referrer policy of pages whose forms must work without JavaScript. Under `no-referrer` a browser
 * sends `Origin: null` with a plain form post, which the cross-site request checks (React Router's and
 * the server's) reject; `strict-origin` sends the real origin and never a path, so a token in the
 * address (reset and verification links) stays out of every Referer header.
 */
export const FORM_PAGE_REFERRER = { name: "referrer", content: "strict-origin" } as const;
