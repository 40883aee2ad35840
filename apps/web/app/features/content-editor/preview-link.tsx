import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { buttonStyles } from "../../components/ui/button-styles";
import { previewHref } from "./collection-pages";

/** A marketing page opened with its drafts (`?preview`) in a new tab: how an editor looks before publishing. */
export function PreviewLink({ path, children }: { path: string; children: ReactNode }) {
  return (
    <a href={previewHref(path)} target="_blank" rel="noreferrer" className={buttonStyles.secondary}>
      <ExternalLink aria-hidden size={16} /> {children}
      <span className="sr-only"> (opens a new tab)</span>
    </a>
  );
}
