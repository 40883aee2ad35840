import { refusalAnswer, type SessionUser } from "@aea/domain";
import { data, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { appContext } from "../app-context";

/**
 * The audience each route module declares in its `handle` (spec §6), admitted in one place: this
 * root middleware runs before any loader or action of every page and file route. The server finds
 * the route's declaration (apps/server/src/http/page-routes.ts) and hands it over with the visitor.
 */
export const admitDeclaredAudience: MiddlewareFunction<Response> = ({ context, request }, next) => {
  const { access, user } = context.get(appContext);
  const url = new URL(request.url);
  const answer = refusalAnswer(access, user, { page: url.pathname + url.search });
  if (answer) throw answer.status === 302 ? redirect(answer.location) : data(null, { status: answer.status });
  return next();
};

/**
 * The user the route's audience admitted, for loaders and actions of routes that admit only
 * signed-in visitors (any audience but `anyone` and `anonymous-only`).
 */
export function admittedUser(context: Readonly<RouterContextProvider>): SessionUser {
  const { user } = context.get(appContext);
  if (!user) throw new Error("admittedUser() on a route whose declared audience admits anonymous visitors");
  return user;
}
