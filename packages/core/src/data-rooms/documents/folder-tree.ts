import { indexNumber } from "@aea/domain";
import type { DataRoomFolder } from "./data-room-file.repository.ts";

/** A folder as the room's tree shows it (depth-first order, index numbers by position). */
export interface FolderNode {
  id: number;
  parentId: number;
  name: string;
  /** "1", "1.2", "1.2.3" … */
  index: string;
  depth: number;
  /** Files directly in the folder. */
  fileCount: number;
  hasSubfolders: boolean;
}

/** Folders depth-first by position, numbered 1, 1.1, 1.2 …; subfolders come before a folder's files. */
export function folderTree(folders: DataRoomFolder[], fileCounts: Map<number, number>): FolderNode[] {
  const children = new Map<number, DataRoomFolder[]>();
  for (const folder of folders) {
    const siblings = children.get(folder.parentId) ?? [];
    siblings.push(folder);
    children.set(folder.parentId, siblings);
  }
  const nodes: FolderNode[] = [];
  const walk = (parentId: number, parentIndex: string, depth: number) => {
    const siblings = (children.get(parentId) ?? []).sort((a, b) => a.position - b.position || a.id - b.id);
    siblings.forEach((folder, n) => {
      const index = indexNumber(parentIndex, n + 1);
      nodes.push({
        id: folder.id,
        parentId,
        name: folder.name,
        index,
        depth,
        fileCount: fileCounts.get(folder.id) ?? 0,
        hasSubfolders: children.has(folder.id),
      });
      walk(folder.id, index, depth + 1);
    });
  };
  walk(0, "", 0);
  return nodes;
}

/**
 * The folder `rootId` and every folder below it, each with its path inside a zip ("" for the root):
 * what a folder zip holds, what a delete removes, where a folder may not be moved.
 */
export function folderPaths(folders: DataRoomFolder[], rootId: number): Map<number, string> {
  const paths = new Map<number, string>([[rootId, ""]]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const folder of folders) {
      const parentPath = paths.get(folder.parentId);
      if (parentPath !== undefined && !paths.has(folder.id)) {
        paths.set(folder.id, `${parentPath}${folder.name}/`);
        grew = true;
      }
    }
  }
  return paths;
}
