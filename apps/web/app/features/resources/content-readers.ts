import type { PostSummary, TagRef } from "./posts";
import type { PressRelease } from "./press-releases";

/**
 * Reading post and press-release records of the content service into the shapes the resources pages
 * render. Editors may leave any field empty, and an archived tag or author comes back as null.
 */

type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const str = (value: unknown) => (typeof value === "string" ? value.trim() : "");

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

export function rows(data: unknown): Row[] {
  return Array.isArray(data) ? data.filter(isRow) : [];
}

export function readTag(value: unknown): TagRef | null {
  if (!isRow(value)) return null;
  const name = str(value.name);
  const slug = str(value.slug);
  return name && slug ? { name, slug } : null;
}

export function readPostSummary(row: Row): PostSummary | null {
  const slug = str(row.slug);
  const title = str(row.title);
  if (!slug || !title) return null;
  const minutes = typeof row.reading_minutes === "number" ? row.reading_minutes : null;
  return {
    slug,
    title,
    summary: str(row.summary),
    date: str(row.date_published),
    author: isRow(row.author) ? str(row.author.name) : "",
    readingMinutes: minutes && minutes > 0 ? minutes : null,
    tags: (Array.isArray(row.tags) ? row.tags : [])
      .map((junction) => readTag(isRow(junction) ? junction.post_tag_id : null))
      .filter((tag): tag is TagRef => tag !== null),
  };
}

/** Only web links leave the site from a release; anything else is dropped. */
function webLink(value: unknown): string {
  const link = str(value);
  return /^https?:\/\//i.test(link) ? link : "";
}

export function readPressRelease(row: Row): PressRelease | null {
  const title = str(row.title);
  if (!title) return null;
  return { id: String(row.id ?? title), title, date: str(row.date), link: webLink(row.link) };
}
