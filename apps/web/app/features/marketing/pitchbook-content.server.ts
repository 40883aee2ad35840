import type { Core } from "@aea/core/types";
import { isSold } from "@aea/domain";
import { contentFile, contentFiles, record, records, text } from "../../lib/content/content-fields";
import { PITCHBOOK_PAGES, type Pitchbook, type PitchbookPath, type Tombstone } from "./pitchbooks";

export async function readPitchbook(content: Core["content"], path: PitchbookPath): Promise<Pitchbook> {
  const { data } = await content.readItems("flipbook", {
    fields: ["title", "description", "cover_image.*", "pdf.*"],
    filter: { path: { _eq: path } },
    limit: 1,
  });
  const book = record(records(data)[0]);
  const fallback = PITCHBOOK_PAGES.find((page) => page.path === path)?.title ?? path;
  return {
    path,
    title: text(book.title) || fallback,
    description: text(book.description),
    cover: contentFile(book.cover_image),
    pdf: contentFile(book.pdf),
  };
}

/** The tombstones marketing put on the home page's list, then those of every sold public deal. */
export async function readTombstones(core: Pick<Core, "content" | "listings">): Promise<Tombstone[]> {
  const [home, listings] = await Promise.all([
    core.content.readItems("home_page", { fields: ["tombstone_images.directus_files_id.*"] }),
    core.listings.publicListings(),
  ]);
  const picked: Tombstone[] = contentFiles(record(home.data).tombstone_images).map((file) => ({
    key: `file-${file.id}`,
    title: file.title,
    file,
  }));
  // A picked tombstone titled after a sold deal ("Sold: Operated STACK Package") stands for that deal's.
  const pickedTitles = picked.map((tombstone) => comparable(tombstone.title)).filter(Boolean);
  const sold: Tombstone[] = listings
    .filter((listing) => listing.tombstoneUrl && isSold(listing))
    .filter((listing) => !pickedTitles.some((title) => namesDeal(title, comparable(listing.Header))))
    .map((listing) => ({
      key: `listing-${listing.ListingId}`,
      title: `Sold: ${listing.Header}`,
      src: listing.tombstoneUrl ?? "",
    }));
  return [...picked, ...sold];
}

function comparable(title: string): string {
  return title
    .replace(/^\s*sold:\s*/i, "")
    .replace(/^confidential\s+/i, "")
    .trim()
    .toLowerCase();
}

/** The title is the deal's header, or its first part before a separator ("Package – Blaine County, OK"). */
function namesDeal(title: string, header: string): boolean {
  return header === title || (header.startsWith(title) && /^\s*[–—\-,:(|]/.test(header.slice(title.length)));
}

/** The services, for the products-and-services pitchbook's list. */
export async function readServiceSummaries(content: Core["content"]) {
  const { data } = await content.readItems("service", {
    fields: ["path", "title", "slide_title"],
    sort: ["sort", "id"],
    limit: -1,
  });
  return records(data)
    .map((service) => ({
      path: text(service.path),
      title: text(service.title),
      summary: text(service.slide_title),
    }))
    .filter((service) => service.path !== "");
}
