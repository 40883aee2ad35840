/** What the editor needs of a content file to show and crop it. */
export interface FileInfo {
  id: string;
  filename: string;
  title: string | null;
  type: string;
  width: number | null;
  height: number | null;
  focalPointX: number | null;
  focalPointY: number | null;
}

export function fileInfo(file: FileInfo): FileInfo {
  const { id, filename, title, type, width, height, focalPointX, focalPointY } = file;
  return { id, filename, title, type, width, height, focalPointX, focalPointY };
}

export const isImage = (file: FileInfo) => file.type.startsWith("image/") && !!file.width && !!file.height;

/**
 * A transform of the file through the content API. The focal point is part of the URL, so a crop
 * made after it moved is never an old one from the browser's cache.
 */
export function assetUrl(file: FileInfo, params: Record<string, string | number>): string {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  query.set("v", `${file.focalPointX ?? "-"}x${file.focalPointY ?? "-"}`);
  return `/assets/${file.id}?${query}`;
}
