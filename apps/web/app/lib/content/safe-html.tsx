/**
 * HTML from the content service, cleaned on the server (sanitize-html.server.ts) before it reaches
 * a page. The brand keeps raw content HTML from being rendered by mistake: only the sanitiser makes one.
 */
export type SafeHtml = string & { readonly __sanitised: unique symbol };

/** Typography for content HTML (headings, paragraphs, lists, links) without a plugin. */
export const richTextStyles =
  "[&_a]:font-semibold [&_a]:underline [&_a]:underline-offset-2 [&_blockquote]:border-amber-500 [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_blockquote]:italic [&_h2]:font-bold [&_h2]:text-2xl [&_h2]:leading-tight [&_h3]:font-semibold [&_h3]:text-xl [&_h4]:font-semibold [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&>*+*]:mt-4";

export function RichText({ html, className = "" }: { html: SafeHtml; className?: string }) {
  if (!html) return null;
  return (
    <div
      className={`${richTextStyles} ${className}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (SafeHtml).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
