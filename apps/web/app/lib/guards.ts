import type { SessionUser } from "@aea/domain";
import { isAdminOrClaim } from "@aea/domain";
import { type RouterContextProvider, redirect } from "react-router";
import { appContext } from "../app-context";
import { withNotice } from "./notices";

/**
 * Route guards of spec §6: each returns the user it admits or throws the redirect the spec names.
 * Loaders and actions call them; the server is the only place access is decided.
 */

const userOf = (context: Readonly<RouterContextProvider>) => context.get(appContext).user;
const here = (request: Request) => {
  const url = new URL(request.url);
  return url.pathname + url.search;
};

/** Authenticated guard: 'Login to access this page' and home. */
export function requireUser(context: Readonly<RouterContextProvider>): SessionUser {
  const user = userOf(context);
  if (!user) throw redirect(withNotice("/home", "login-required"));
  return user;
}

/** Admin-only routes: anonymous visitors log in first, other users go home. */
export function requireAdmin(context: Readonly<RouterContextProvider>, request: Request): SessionUser {
  const user = userOf(context);
  if (!user) throw redirect(`/login?redirectTo=${encodeURIComponent(here(request))}`);
  if (!user.isAdmin) throw redirect("/home");
  return user;
}

/** Admin-or-claim guard: 'You are not authorized to access this page' and home. */
export function requireAdminOrClaim(context: Readonly<RouterContextProvider>): SessionUser {
  const user = userOf(context);
  if (!user || !isAdminOrClaim(user)) throw redirect(withNotice("/home", "not-authorized"));
  return user;
}

/** Management list only (admin-panel, admin, FAQ); everyone else to the site root. */
export function requireManagement(context: Readonly<RouterContextProvider>): SessionUser {
  const user = userOf(context);
  if (!user?.isManagement) throw redirect("/");
  return user;
}

/** Anonymous-only pages (sign-up, forgot password): a signed-in user goes to their profile. */
export function requireAnonymous(context: Readonly<RouterContextProvider>): void {
  if (userOf(context)) throw redirect("/buyer/profile");
}

/** Logged-in guard: anonymous visitors are sent to sign up. */
export function requireSignedIn(context: Readonly<RouterContextProvider>): SessionUser {
  const user = userOf(context);
  if (!user) throw redirect("/buyer/signup");
  return user;
}
