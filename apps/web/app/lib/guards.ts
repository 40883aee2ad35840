import { type AccessRefusal, accessRefusal, type SessionUser } from "@aea/domain";
import { data, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { appContext } from "../app-context";
import { withNotice } from "./notices";

/**
 * The audience each route module declares in its `handle` (spec §6), admitted in one place: this
 * root middleware runs before any loader or action of every page and file route. The server finds
 * the route's declaration (apps/server/src/http/page-routes.ts) and hands it over with the visitor.
 */
export const admitDeclaredAudience: MiddlewareFunction<Response> = ({ context, request }, next) => {
  const { access, user } = context.get(appContext);
  const refusal = accessRefusal(access, user);
  if (refusal) throw pageAnswer(refusal, request);
  return next();
};

/** The spec's guards: the redirect (with its notice) or the 404 a refused visitor gets. */
function pageAnswer(refusal: AccessRefusal, request: Request): Response | ReturnType<typeof data> {
  switch (refusal) {
    case "signed-in":
      return redirect("/buyer/profile");
    case "anonymous":
      return redirect(withNotice("/home", "login-required"));
    case "log-in-and-return": {
      const url = new URL(request.url);
      return redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
    }
    case "not-authorized":
      return redirect(withNotice("/home", "not-authorized"));
    case "not-admin":
      return redirect("/home");
    case "hidden":
      // The same 404 as a listing that does not exist: the route does not tell others it is there.
      return data(null, { status: 404 });
    case "not-management":
      return redirect("/");
  }
}

/**
 * The user the route's audience admitted, for loaders and actions of routes that admit only
 * signed-in visitors (any audience but `anyone` and `anonymous-only`).
 */
export function admittedUser(context: Readonly<RouterContextProvider>): SessionUser {
  const { user } = context.get(appContext);
  if (!user) throw new Error("admittedUser() on a route whose declared audience admits anonymous visitors");
  return user;
}
