import { access } from "node:fs/promises";

/** Whether a file or folder is there (any error, such as a missing parent, counts as not there). */
export async function fileExists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
