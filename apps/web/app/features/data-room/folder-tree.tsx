import type { FolderNode } from "@aea/core/types";
import { ChevronRight, Folder, FolderOpen } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { Link } from "react-router";

/**
 * The room's folders as a tree (index numbers, file counts): each folder a link that opens it, with
 * a button to show or hide its subfolders. The open folder's ancestors start expanded. Arrow keys
 * move between the visible folders (Up/Down), and Right/Left expand or collapse one.
 */
export function FolderTree({
  folders,
  currentFolderId,
  hrefOf,
  rootLabel,
}: {
  folders: FolderNode[];
  currentFolderId: number;
  hrefOf(folderId: number): string;
  rootLabel: string;
}) {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const [expanded, setExpanded] = useState<Set<number>>(() => {
    const open = new Set<number>();
    for (let id = byId.get(currentFolderId)?.parentId; id; id = byId.get(id)?.parentId) open.add(id);
    if (currentFolderId) open.add(currentFolderId);
    return open;
  });
  const toggle = (id: number, to?: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (to ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });
  const visible = folders.filter((folder) => {
    for (let id = folder.parentId; id; id = byId.get(id)?.parentId ?? 0) if (!expanded.has(id)) return false;
    return true;
  });

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>("a[data-folder]")];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0) return;
    const id = Number(links[at]?.dataset.folder);
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      links[Math.min(links.length - 1, Math.max(0, at + (event.key === "ArrowDown" ? 1 : -1)))]?.focus();
    } else if (event.key === "ArrowRight" && byId.get(id)?.hasSubfolders) {
      event.preventDefault();
      toggle(id, true);
    } else if (event.key === "ArrowLeft" && id) {
      event.preventDefault();
      toggle(id, false);
    }
  };

  const linkClass = (active: boolean) =>
    `flex min-w-0 flex-1 items-center gap-2 rounded px-2 py-1.5 text-sm ${active ? "bg-navy-800 font-semibold text-white" : "text-navy-900 hover:bg-navy-50"}`;

  return (
    <nav aria-label="Folders" onKeyDown={onKeyDown}>
      <ul className="flex flex-col gap-0.5">
        <li>
          <Link
            to={hrefOf(0)}
            data-folder={0}
            className={linkClass(currentFolderId === 0)}
            aria-current={currentFolderId === 0 ? "page" : undefined}
          >
            <FolderOpen aria-hidden size={16} className="shrink-0" />
            <span className="truncate">{rootLabel}</span>
          </Link>
        </li>
        {visible.map((folder) => {
          const open = expanded.has(folder.id);
          const active = folder.id === currentFolderId;
          return (
            <li
              key={folder.id}
              className="flex items-center"
              style={{ paddingLeft: `${folder.depth * 0.9}rem` }}
            >
              {folder.hasSubfolders ? (
                <button
                  type="button"
                  onClick={() => toggle(folder.id)}
                  aria-expanded={open}
                  aria-label={`${open ? "Collapse" : "Expand"} ${folder.index} ${folder.name}`}
                  className="rounded p-1 text-slate-650 hover:bg-navy-50"
                >
                  <ChevronRight
                    aria-hidden
                    size={14}
                    className={`transition-transform ${open ? "rotate-90" : ""}`}
                  />
                </button>
              ) : (
                <span className="w-[22px] shrink-0" />
              )}
              <Link
                to={hrefOf(folder.id)}
                data-folder={folder.id}
                className={linkClass(active)}
                aria-current={active ? "page" : undefined}
              >
                {active ? (
                  <FolderOpen aria-hidden size={16} className="shrink-0" />
                ) : (
                  <Folder aria-hidden size={16} className="shrink-0 text-amber-700" />
                )}
                <span className="tabular-nums">{folder.index}</span>
                <span className="truncate">{folder.name}</span>
                {folder.fileCount > 0 ? (
                  <span
                    className={`ml-auto text-xs tabular-nums ${active ? "text-white" : "text-slate-650"}`}
                  >
                    {folder.fileCount}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
