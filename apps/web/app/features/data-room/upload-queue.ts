/** One file of a drop, as the uploader tracks it. */
export interface QueuedFile {
  key: string;
  file: File;
  /** Where it sits inside a dropped folder (`Reports/2024/a.pdf`), or just its name. */
  relativePath: string;
  sent: number;
  state: "waiting" | "uploading" | "paused" | "done" | "failed";
  error?: string;
}

/**
 * Everything a drop holds, folders walked (webkitGetAsEntry), each file with its path inside the
 * dropped folder so the server can make the same folders.
 */
export async function filesOfDrop(
  items: DataTransferItemList,
): Promise<Array<{ file: File; relativePath: string }>> {
  const entries = [...items]
    .map((item) => item.webkitGetAsEntry?.())
    .filter((e): e is FileSystemEntry => !!e);
  if (entries.length === 0) return [];
  const found: Array<{ file: File; relativePath: string }> = [];
  const walk = async (entry: FileSystemEntry, path: string): Promise<void> => {
    if (entry.isFile) {
      const file = await new Promise<File>((resolve, reject) =>
        (entry as FileSystemFileEntry).file(resolve, reject),
      );
      found.push({ file, relativePath: `${path}${file.name}` });
      return;
    }
    const reader = (entry as FileSystemDirectoryEntry).createReader();
    // readEntries answers in batches until it answers an empty one.
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
        reader.readEntries(resolve, reject),
      );
      if (batch.length === 0) break;
      for (const child of batch) await walk(child, `${path}${entry.name}/`);
    }
  };
  for (const entry of entries) await walk(entry, "");
  return found;
}

/** The files of a file or folder input (a folder input gives each its webkitRelativePath). */
export function filesOfInput(list: FileList): Array<{ file: File; relativePath: string }> {
  return [...list].map((file) => ({ file, relativePath: file.webkitRelativePath || file.name }));
}

/** The message a failed upload shows: the server's plain words when it gave some. */
export function uploadErrorMessage(error: unknown): string {
  const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } })
    .originalResponse;
  if (response) {
    try {
      const { message } = JSON.parse(response.getBody()) as { message?: string };
      if (message) return message;
    } catch {
      // Not our JSON: fall through to the status.
    }
    if (response.getStatus() === 413) return "The file is larger than this data room takes.";
    if (response.getStatus() === 401) return "Your session ended: log in again and retry.";
  }
  return "The connection was lost. Press Resume to go on from where it stopped.";
}

/** The server answered and refused the file (4xx): trying again would only be refused again. */
export function isRefusal(error: unknown): boolean {
  const status = (error as { originalResponse?: { getStatus(): number } }).originalResponse?.getStatus() ?? 0;
  return status >= 400 && status < 500;
}
