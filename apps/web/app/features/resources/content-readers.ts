import { type ContentRecord, isRecord, records, text } from "../../lib/content/content-fields";
import type { PostSummary, TagRef } from "./posts";
import type { PressRelease } from "./press-releases";

/**
 * Reading post and press-release records of the content service into the shapes the resources pages
 * render. Editors may leave any field empty, and an archived tag or author comes back as null.
 */

/** The fields a post summary needs, for `readItems("post", { fields })`. */
export const POST_SUMMARY_FIELDS = [
  "id",
  "title",
  "slug",
  "summary",
  "date_published",
  "reading_minutes",
  "image.*",
  "author.name",
  "tags.post_tag_id.name",
  "tags.post_tag_id.slug",
] as const;

export const rows = records;

export function readTag(value: unknown): TagRef | null {
  if (!isRecord(value)) return null;
  const name = text(value.name);
  const slug = text(value.slug);
  return name && slug ? { name, slug } : null;
}

export function readPostSummary(row: ContentRecord): PostSummary | null {
  const slug = text(row.slug);
  const title = text(row.title);
  if (!slug || !title) return null;
  const minutes = typeof row.reading_minutes === "number" ? row.reading_minutes : null;
  return {
    slug,
    title,
    summary: text(row.summary),
    date: text(row.date_published),
    author: isRecord(row.author) ? text(row.author.name) : "",
    readingMinutes: minutes && minutes > 0 ? minutes : null,
    tags: (Array.isArray(row.tags) ? row.tags : [])
      .map((junction) => readTag(isRecord(junction) ? junction.post_tag_id : null))
      .filter((tag): tag is TagRef => tag !== null),
  };
}

/** Only web links leave the site from a release; anything else is dropped. */
function webLink(value: unknown): string {
  const link = text(value);
  return /^https?:\/\//i.test(link) ? link : "";
}

export function readPressRelease(row: ContentRecord): PressRelease | null {
  const title = text(row.title);
  if (!title) return null;
  return { id: String(row.id ?? title), title, date: text(row.date), link: webLink(row.link) };
}
