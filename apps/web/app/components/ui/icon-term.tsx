import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** How a list's icon terms look: the row, the icon's size and colour, the detail. */
export interface IconTermLook {
  className: string;
  size: number;
  iconClassName: string;
  detailClassName?: string;
}

/**
 * One entry of a description list whose term is an icon: sighted readers see the icon, screen
 * readers hear the term's name.
 */
export function IconTerm({
  icon: Icon,
  term,
  look,
  children,
}: {
  icon: LucideIcon;
  term: string;
  look: IconTermLook;
  children: ReactNode;
}) {
  return (
    <div className={look.className}>
      <dt>
        <Icon aria-hidden size={look.size} className={look.iconClassName} />
        <span className="sr-only">{term}</span>
      </dt>
      <dd className={look.detailClassName}>{children}</dd>
    </div>
  );
}
