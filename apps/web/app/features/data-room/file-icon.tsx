import { type FileKind, fileKind } from "@aea/domain";
import {
  File,
  FileArchive,
  FileImage,
  FileSpreadsheet,
  FileText,
  type LucideIcon,
  Presentation,
} from "lucide-react";

const icons: Record<FileKind, { icon: LucideIcon; label: string; colour: string }> = {
  pdf: { icon: FileText, label: "PDF", colour: "text-negative" },
  image: { icon: FileImage, label: "Image", colour: "text-closing" },
  spreadsheet: { icon: FileSpreadsheet, label: "Spreadsheet", colour: "text-positive" },
  document: { icon: FileText, label: "Document", colour: "text-navy-600" },
  presentation: { icon: Presentation, label: "Presentation", colour: "text-amber-700" },
  archive: { icon: FileArchive, label: "Archive", colour: "text-slate-650" },
  text: { icon: FileText, label: "Text", colour: "text-slate-650" },
  other: { icon: File, label: "File", colour: "text-slate-650" },
};

/** The kind of a file in words ("PDF", "Spreadsheet"), for the type column. */
export function fileKindLabel(name: string): string {
  return icons[fileKind(name)].label;
}

/** A file's icon by its kind; decorative (the type is written beside it). */
export function FileIcon({ name, size = 18 }: { name: string; size?: number }) {
  const { icon: Icon, colour } = icons[fileKind(name)];
  return <Icon aria-hidden size={size} className={`shrink-0 ${colour}`} />;
}
