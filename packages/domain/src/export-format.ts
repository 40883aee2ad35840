/** The formats staff exports come in, chosen one way: the download link's `?format=csv|xlsx`. */
export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const CHOOSE_EXPORT_FORMAT = "Choose format=csv or format=xlsx.";

/** The format a download link asks for; undefined when it names none (or one we do not write). */
export function exportFormatOf(url: URL): ExportFormat | undefined {
  const format = url.searchParams.get("format");
  return EXPORT_FORMATS.find((known) => known === format);
}
