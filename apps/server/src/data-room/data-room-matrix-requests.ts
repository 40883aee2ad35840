import type { Listing } from "@aea/domain";
import type { Role } from "../testing/role-sessions.ts";

/**
 * The data-room access matrix's viewers and requests (data-room-access-matrix.test.ts runs them): every
 * data-room page, page form, API call and file URL, and who of the viewers may succeed at each.
 */
export const viewers = ["anonymous", "buyer", "granted", "signed", "privateBuyer", "admin"] as const;
export type Viewer = (typeof viewers)[number];

export interface Room {
  listing: Listing;
  fileId: number;
  folderId: number;
}

export interface MatrixRequest {
  name: string;
  method: "GET" | "HEAD" | "POST";
  url: (rooms: { open: Room; hidden: Room }, ids: Map<Viewer, number>) => string;
  /** The file route as registered, for the files' URLs (pages and API calls are found by their URL). */
  route?: string;
  json?: (rooms: { open: Room; hidden: Room }) => Record<string, unknown>;
  form?: Record<string, string>;
  /**
   * Who gets a 2xx; everyone else must not. Whom the route's declared audience refuses gets its spec
   * §6 answer (a staff page's 404, an API call's 401); the rest is the room's own decision.
   */
  allowed: ReadonlySet<Viewer>;
  /** The answer everyone not allowed gets, where it must be exactly that (the room's 404). */
  refusal?: number;
}

const only = (...who: Viewer[]) => new Set<Viewer>(who);
/** The role of spec §6 each viewer has: the buyers differ only in what their room let them do. */
export const roleOf: Record<Viewer, Role> = {
  anonymous: "anonymous",
  buyer: "buyer",
  granted: "buyer",
  signed: "buyer",
  privateBuyer: "privateBuyer",
  admin: "admin",
};

export const requests: MatrixRequest[] = [
  // Pages of the public deal's room (a buyer without the way in is sent along it, never shown it).
  {
    name: "data room",
    method: "GET",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room`,
    allowed: only("signed", "admin"),
  },
  {
    name: "a folder of the data room",
    method: "GET",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room?folder=${open.folderId}`,
    allowed: only("signed", "admin"),
  },
  {
    name: "agreement",
    method: "GET",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/agreement`,
    allowed: only("granted", "signed"),
  },
  {
    name: "own signed agreement",
    method: "GET",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/agreement.pdf`,
    allowed: only("signed"),
    refusal: 404,
  },
  {
    name: "a buyer's signed agreement",
    method: "GET",
    url: ({ open }, ids) =>
      `/deals/${open.listing.ListingId}/data-room/agreement.pdf?userId=${ids.get("signed")}`,
    allowed: only("signed", "admin"),
    refusal: 404,
  },
  {
    name: "activity",
    method: "GET",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/activity`,
    allowed: only("admin"),
  },
  {
    name: "activity: the hot-lead threshold",
    method: "POST",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/activity`,
    form: { intent: "threshold", threshold: "70" },
    allowed: only("admin"),
  },
  {
    name: "activity: recount the engagement scores",
    method: "POST",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/activity`,
    form: { intent: "recount" },
    allowed: only("admin"),
  },
  {
    name: "private activity: recount the engagement scores",
    method: "POST",
    url: ({ hidden }) => `/deals/${hidden.listing.ListingId}/data-room/activity`,
    form: { intent: "recount" },
    allowed: only("admin"),
  },
  {
    name: "activity CSV",
    method: "GET",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/activity.csv`,
    allowed: only("admin"),
  },
  {
    name: "buyer access",
    method: "GET",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/access`,
    allowed: only("admin"),
  },
  {
    name: "questions and answers",
    method: "GET",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/questions`,
    allowed: only("signed", "admin"),
  },
  {
    name: "private room's questions and answers",
    method: "GET",
    url: ({ hidden }) => `/deals/${hidden.listing.ListingId}/data-room/questions`,
    allowed: only("admin"),
  },
  {
    name: "published questions like a draft",
    method: "GET",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/questions/similar?text=decline+rate+wells`,
    allowed: only("signed", "admin"),
    refusal: 404,
  },
  {
    name: "private room's published questions like a draft",
    method: "GET",
    url: ({ hidden }) =>
      `/deals/${hidden.listing.ListingId}/data-room/questions/similar?text=decline+rate+wells`,
    allowed: only("admin"),
  },
  {
    name: "document search",
    method: "GET",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/search?q=lease`,
    allowed: only("signed", "admin"),
  },
  {
    name: "private room's document search",
    method: "GET",
    url: ({ hidden }) => `/deals/${hidden.listing.ListingId}/data-room/search?q=lease`,
    allowed: only("admin"),
  },
  // Files of the public deal's room: the same 404 as a missing file for anyone not in the room.
  {
    name: "file download",
    route: "/deals/:listingId/data-room/files/:fileId",
    method: "GET",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/files/${open.fileId}`,
    allowed: only("signed", "admin"),
    refusal: 404,
  },
  {
    name: "file preview",
    route: "/deals/:listingId/data-room/files/:fileId/preview",
    method: "GET",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/files/${open.fileId}/preview`,
    allowed: only("signed", "admin"),
    refusal: 404,
  },
  // HEAD answers headers only (nothing stamped or recorded), behind the same room check.
  {
    name: "file download",
    route: "/deals/:listingId/data-room/files/:fileId",
    method: "HEAD",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/files/${open.fileId}`,
    allowed: only("signed", "admin"),
    refusal: 404,
  },
  {
    name: "file preview",
    route: "/deals/:listingId/data-room/files/:fileId/preview",
    method: "HEAD",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/files/${open.fileId}/preview`,
    allowed: only("signed", "admin"),
    refusal: 404,
  },
  {
    name: "folder zip",
    route: "/deals/:listingId/data-room/folders/:folderId/zip",
    method: "GET",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/folders/${open.folderId}/zip`,
    allowed: only("signed", "admin"),
    refusal: 404,
  },
  {
    name: "a file asked for under another listing's room",
    route: "/deals/:listingId/data-room/files/:fileId",
    method: "GET",
    url: ({ open, hidden }) => `/deals/${hidden.listing.ListingId}/data-room/files/${open.fileId}`,
    allowed: only(),
    refusal: 404,
  },
  // The private deal's room: the private buyer sees the deal but was not let into its room.
  {
    name: "private data room",
    method: "GET",
    url: ({ hidden }) => `/deals/${hidden.listing.ListingId}/data-room`,
    allowed: only("admin"),
  },
  {
    name: "private file download",
    route: "/deals/:listingId/data-room/files/:fileId",
    method: "GET",
    url: ({ hidden }) => `/deals/${hidden.listing.ListingId}/data-room/files/${hidden.fileId}`,
    allowed: only("admin"),
    refusal: 404,
  },
  {
    name: "private file preview",
    route: "/deals/:listingId/data-room/files/:fileId/preview",
    method: "GET",
    url: ({ hidden }) => `/deals/${hidden.listing.ListingId}/data-room/files/${hidden.fileId}/preview`,
    allowed: only("admin"),
    refusal: 404,
  },
  {
    name: "private activity",
    method: "GET",
    url: ({ hidden }) => `/deals/${hidden.listing.ListingId}/data-room/activity`,
    allowed: only("admin"),
  },
  // API calls.
  {
    name: "InsertFileNotes",
    method: "POST",
    url: () => "/api/FolderManager/InsertFileNotes",
    json: ({ open }) => ({ fileId: open.fileId, note: "Matrix note" }),
    allowed: only("signed", "admin"),
  },
  {
    name: "InsertFileNotes on a private room's file",
    method: "POST",
    url: () => "/api/FolderManager/InsertFileNotes",
    json: ({ hidden }) => ({ fileId: hidden.fileId, note: "Matrix note" }),
    allowed: only("admin"),
  },
  {
    name: "PagesViewed",
    method: "POST",
    url: () => "/api/FolderManager/PagesViewed",
    json: ({ open }) => ({ listingId: open.listing.ListingId, fileId: open.fileId, pages: 3 }),
    allowed: only("signed", "admin"),
  },
  {
    name: "PagesViewed in the private room",
    method: "POST",
    url: () => "/api/FolderManager/PagesViewed",
    json: ({ hidden }) => ({ listingId: hidden.listing.ListingId, fileId: hidden.fileId, pages: 3 }),
    allowed: only("admin"),
  },
  {
    name: "Q&A: the room's FAQ and own questions",
    method: "GET",
    url: ({ open }) => `/api/data-room-questions/Room?listingId=${open.listing.ListingId}`,
    allowed: only("signed", "admin"),
  },
  {
    name: "Q&A: ask",
    method: "POST",
    url: () => "/api/data-room-questions/Ask",
    json: ({ open }) => ({ listingId: open.listing.ListingId, text: "Matrix question?", category: "other" }),
    allowed: only("signed"),
  },
  {
    name: "Q&A: ask in the private room",
    method: "POST",
    url: () => "/api/data-room-questions/Ask",
    json: ({ hidden }) => ({
      listingId: hidden.listing.ListingId,
      text: "Matrix question?",
      category: "other",
    }),
    allowed: only(),
  },
  {
    name: "SearchDocuments",
    method: "GET",
    url: ({ open }) => `/api/FolderManager/SearchDocuments?listingId=${open.listing.ListingId}&q=lease`,
    allowed: only("signed", "admin"),
  },
  {
    name: "SearchDocuments in the private room",
    method: "GET",
    url: ({ hidden }) => `/api/FolderManager/SearchDocuments?listingId=${hidden.listing.ListingId}&q=lease`,
    allowed: only("admin"),
  },
  {
    name: "Q&A: the staff queue",
    method: "GET",
    url: ({ open }) => `/api/data-room-questions/Queue?listingId=${open.listing.ListingId}`,
    allowed: only("admin"),
  },
  {
    name: "Q&A: limits",
    method: "POST",
    url: () => "/api/data-room-questions/Limits",
    json: ({ open }) => ({ listingId: open.listing.ListingId, maxPerBuyer: 100 }),
    allowed: only("admin"),
  },
  {
    name: "CreateFolder",
    method: "POST",
    url: () => "/api/FolderManager/CreateFolder",
    json: ({ open }) => ({ listingId: open.listing.ListingId, parentId: 0, name: `Matrix ${Math.random()}` }),
    allowed: only("admin"),
  },
  {
    name: "Delete a folder",
    method: "POST",
    url: () => "/api/FolderManager/Delete",
    json: ({ open }) => ({ listingId: open.listing.ListingId, kind: "folder", id: open.folderId }),
    // Last in the table, and the admin last of the viewers: nothing after it needs the folder.
    allowed: only("admin"),
  },
];
