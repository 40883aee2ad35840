import { canSeePrivateDeals, isAdminOrClaim, type SessionUser } from "../accounts/roles.ts";
import { AppError } from "../app-error.ts";
import { LOGIN_TO_ACCESS, NOT_AUTHORIZED } from "../messages.ts";

/**
 * Who may enter a route (spec §6), declared once next to the route's other policy: a page's or file
 * route's `handle.access`, a Fastify route's `config.access`. The server admits or refuses before any
 * loader, action or handler runs; per-object questions (may this buyer see THIS data room) stay in core.
 * - `anonymous-only`: sign-up and forgot-password; a signed-in user goes to their profile.
 * - `anyone`: public pages and routes that answer every visitor (a login form, a public file).
 * - `signed-in`: any account ('Login to access this page').
 * - `signed-in-via-login`: any account; anonymous visitors log in and come back (Secure Files, a
 *   link staff send by mail).
 * - `private-buyer`: buyers staff granted private deals, and admins ('Login to access this page' for
 *   anonymous visitors, 'You are not authorized to access this page' for other users).
 * - `admin`: admins; anonymous visitors log in first, other users go home.
 * - `staff`: admins, and for everyone else the route does not exist (404): a listing's data-room
 *   access and activity pages do not tell a buyer they are there.
 * - `management`: the management list (Mgmt Dash, admin-panel, admin, FAQ); others go to the site root.
 * - `admin-or-claim`: admins and staff granted the Claim role (the analysis tools); anonymous visitors
 *   log in first, other users go home and are told 'You are not authorized to access this page'.
 */
export const AUDIENCES = [
  "anonymous-only",
  "anyone",
  "signed-in",
  "signed-in-via-login",
  "private-buyer",
  "admin",
  "staff",
  "management",
  "admin-or-claim",
] as const;
export type Audience = (typeof AUDIENCES)[number];

/**
 * Why an audience turns a visitor away; each door answers it in the spec's words (pages with the
 * guards' redirects, the API with 401 code 1001 or 403): `signed-in` (a signed-in user on an
 * anonymous-only route), `anonymous` (no session), `log-in-and-return` (no session where
 * the spec sends visitors to log in and come back), `not-authorized` (a signed-in user outside the audience, told so), `not-admin`, `hidden` (404), `not-management`.
 */
export type AccessRefusal =
  | "signed-in"
  | "anonymous"
  | "log-in-and-return"
  | "not-authorized"
  | "not-admin"
  | "hidden"
  | "not-management";

/** The refusal `audience` gives `user`, or undefined when it admits them. */
export function accessRefusal(audience: Audience, user: SessionUser | null): AccessRefusal | undefined {
  switch (audience) {
    case "anyone":
      return undefined;
    case "anonymous-only":
      return user ? "signed-in" : undefined;
    case "signed-in":
      return user ? undefined : "anonymous";
    case "signed-in-via-login":
      return user ? undefined : "log-in-and-return";
    case "private-buyer":
      if (!user) return "anonymous";
      return canSeePrivateDeals(user) ? undefined : "not-authorized";
    case "admin":
      if (!user) return "log-in-and-return";
      return user.isAdmin ? undefined : "not-admin";
    case "staff":
      return user?.isAdmin ? undefined : "hidden";
    case "management":
      return user?.isManagement ? undefined : "not-management";
    case "admin-or-claim":
      if (!user) return "log-in-and-return";
      return isAdminOrClaim(user) ? undefined : "not-authorized";
  }
}

/**
 * What a refused visitor gets (spec §6). A page (`door.page`: the path and query asked for)
 * redirects, with a notice where the spec shows one, or answers the 404 of a page that does not
 * exist; the API answers 401 with code 1001, on which clients log out (spec §8), 403, or 404.
 */
export type PageRefusal = { status: 302; location: string } | { status: 404 };
export type ApiRefusal = { status: 401 | 403 | 404; code: string; message: string };

/**
 * The spec §6 answer `audience` gives `user` at a door, or undefined when it admits them: what the
 * server sends and what the role matrices expect, stated once.
 */
export function refusalAnswer(
  audience: Audience,
  user: SessionUser | null,
  door: "api",
): ApiRefusal | undefined;
export function refusalAnswer(
  audience: Audience,
  user: SessionUser | null,
  door: { page: string },
): PageRefusal | undefined;
export function refusalAnswer(
  audience: Audience,
  user: SessionUser | null,
  door: { page: string } | "api",
): PageRefusal | ApiRefusal | undefined {
  const refusal = accessRefusal(audience, user);
  if (!refusal) return undefined;
  if (door === "api") {
    if (refusal === "anonymous" || refusal === "log-in-and-return")
      return { status: 401, code: "1001", message: LOGIN_TO_ACCESS };
    if (refusal === "hidden") return { status: 404, code: "NOT_FOUND", message: "Not found" };
    return { status: 403, code: "FORBIDDEN", message: NOT_AUTHORIZED };
  }
  const to = (location: string) => ({ status: 302 as const, location });
  switch (refusal) {
    case "signed-in":
      return to("/buyer/profile");
    case "anonymous":
      return to("/home?notice=login-required");
    case "log-in-and-return":
      return to(`/login?redirectTo=${encodeURIComponent(door.page)}`);
    case "not-authorized":
      return to("/home?notice=not-authorized");
    case "not-admin":
      return to("/home");
    case "hidden":
      // The same 404 as a listing that does not exist: the route does not tell others it is there.
      return { status: 404 };
    case "not-management":
      return to("/");
  }
}

/** The acting user a staff write in core needs: who they are, whether they are staff, and who views as them. */
export type StaffActor = Pick<SessionUser, "id" | "isAdmin"> & Partial<Pick<SessionUser, "impersonatorId">>;

/**
 * A core write for admins checks its actor itself, so a second door (an API call, a page, a job)
 * that forgot its declaration still cannot run it for anyone else.
 */
export function refuseUnlessAdmin(actor: Pick<SessionUser, "isAdmin">): void {
  if (!actor.isAdmin) throw new AppError(403, NOT_AUTHORIZED, "FORBIDDEN");
}

/**
 * Who sees a marketing page with its unpublished drafts when `?preview` is in its address (the content
 * editor's Preview link): the same audience as the content editor. Anyone else gets the published page.
 */
export const DRAFT_PREVIEW_AUDIENCE: Audience = "admin";
