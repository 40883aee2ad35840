import type { ExportFormat } from "../export-format.ts";
import { z } from "../zod.ts";
import { emailSchema, profileSchema } from "./account-schemas.ts";

/** Accounts per page of /admin/users. */
export const USERS_PAGE_SIZE = 20;

/** The columns staff may sort the account list by, with their headings. */
export const USER_SORTS = {
  name: "Name",
  email: "Email",
  company: "Company",
  created: "Registered",
  lastLogin: "Last login",
} as const;
export type UserSort = keyof typeof USER_SORTS;

const sortKeys = Object.keys(USER_SORTS) as [UserSort, ...UserSort[]];

/**
 * The account list's query string (search, sort, direction, page). Anything malformed falls back to
 * the default rather than failing: a stale bookmark still opens the list.
 */
export const userListQuerySchema = z.object({
  search: z.string().trim().max(100).catch("").default(""),
  sort: z.enum(sortKeys).catch("created").default("created"),
  direction: z.enum(["asc", "desc"]).catch("desc").default("desc"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export function userListQuery(searchParams: URLSearchParams): UserListQuery {
  return userListQuerySchema.parse(Object.fromEntries(searchParams));
}

/** The list's URL for a query; defaults are left out so links stay short. */
export function userListHref(query: Partial<UserListQuery>, base = "/admin/users"): string {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.sort && query.sort !== "created") params.set("sort", query.sort);
  if (query.direction && query.direction !== "desc") params.set("direction", query.direction);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `${base}?${text}` : base;
}

export const userPath = (userId: number): string => `/admin/users/${userId}`;
/** The export of a search (every matching account, in the list's order) as CSV or XLSX. */
export function userExportPath(format: ExportFormat, query: Partial<UserListQuery>): string {
  const list = userListHref({ search: query.search, sort: query.sort, direction: query.direction }, "");
  const params = new URLSearchParams(list.slice(1));
  params.set("format", format);
  return `/admin/users/export?${params}`;
}

/** Staff edit a buyer's profile: everything the buyer can edit, the email apart (it has its own flow). */
export const staffProfileSchema = profileSchema.omit({ email: true });

/**
 * Staff move an account to a new address: the link goes to that address and nothing changes until it
 * is followed. The admin proves who they are with their own password (or a login in the last minutes).
 */
export const staffEmailChangeSchema = z.object({
  newEmail: emailSchema,
  currentPassword: z.string().max(256).optional(),
});

/** The staff buttons of a user page that carry no fields but their intent. */
export const staffUserActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("mark-verified") }),
  z.object({ intent: z.literal("resend-verification") }),
  z.object({ intent: z.literal("send-reset-link") }),
  z.object({ intent: z.literal("disable") }),
  z.object({ intent: z.literal("enable") }),
  z.object({ intent: z.literal("end-sessions") }),
  z.object({ intent: z.literal("impersonate") }),
  z.object({
    intent: z.literal("require-password-reset"),
    required: z.enum(["true", "false"], { error: "Mark or withdraw?" }).transform((v) => v === "true"),
  }),
  z.object({
    intent: z.literal("set-role"),
    role: z.enum(["isAdmin", "hasClaimAD"], { error: "Unknown role." }),
    granted: z.enum(["true", "false"], { error: "Grant or revoke?" }).transform((v) => v === "true"),
  }),
  z.object({
    intent: z.enum(["grant-private", "revoke-private", "revoke-data-room"]),
    listingId: z.coerce.number({ error: "Choose a listing." }).int().positive("Choose a listing."),
  }),
]);
export type StaffUserAction = z.infer<typeof staffUserActionSchema>;
