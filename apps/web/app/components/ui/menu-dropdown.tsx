import { DropdownMenu } from "radix-ui";
import { Link } from "react-router";
import type { MenuProps } from "./menu";

/** The loaded part of `Menu`: Radix's dropdown, open from the start (a click or a key asked for it). */
export default function MenuDropdown({
  trigger,
  label,
  triggerClassName,
  heading,
  entries,
  align,
  sideOffset,
  contentClassName,
  itemClassName,
}: MenuProps) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger aria-label={label} className={triggerClassName}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align={align} sideOffset={sideOffset} className={contentClassName}>
          {heading ? (
            <DropdownMenu.Label className="px-3 py-1.5 text-slate-650 text-xs">{heading}</DropdownMenu.Label>
          ) : null}
          {entries.map((entry) =>
            entry.to ? (
              <DropdownMenu.Item key={entry.label} asChild>
                <Link to={entry.to} className={itemClassName}>
                  {entry.label}
                </Link>
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item key={entry.label} className={itemClassName} onSelect={entry.onSelect}>
                {entry.label}
              </DropdownMenu.Item>
            ),
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
