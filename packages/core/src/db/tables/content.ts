import type { Generated } from "kysely";

export interface ContentItemRow {
  collection: string;
  id: string;
  status: string;
  sort: number | null;
  /** The item's own fields as JSON text (see packages/domain/src/content/collections.ts). */
  data: string;
  createdAt: string;
  updatedAt: string;
}

export interface ContentFileRow {
  id: string;
  /** The name a download gets (Directus' filename_download). */
  filename: string;
  type: string;
  width: number | null;
  height: number | null;
  filesize: number;
  title: string | null;
  /** Relative to DATA_DIR/media/content/. */
  storagePath: string;
  focalPointX: number | null;
  focalPointY: number | null;
  createdAt: string;
}

export interface InquiryRow {
  id: Generated<number>;
  /** "contact", "seller" or "chat". */
  kind: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** Every field the visitor sent, as JSON text. */
  fields: string;
  appName: string | null;
  createdAt: string;
  /** "sent" or "failed" (the mail to staff). */
  delivery: string;
  error: string | null;
}

/** The site's editable content and the inquiries visitors send. */
export interface ContentTables {
  content_items: ContentItemRow;
  content_files: ContentFileRow;
  inquiries: InquiryRow;
}
