import type { Core } from "@aea/core/types";
import type { Audience, SessionUser } from "@aea/domain";
import { createContext } from "react-router";

/** What the server hands every loader and action: the core, the response's CSP nonce and the visitor. */
export interface AppContext {
  core: Core;
  cspNonce: string;
  /** The signed-in user (from the session cookie), or null. */
  user: SessionUser | null;
  /** The request carried a session cookie whose session has ended (expired, revoked, logged out elsewhere). */
  sessionEnded: boolean;
  /** Who the route reached declares it is for (its `handle.access`); the root middleware admits by it. */
  access: Audience;
  /** Staff without a second factor while STAFF_MFA=required: every page but enrolment redirects there. */
  secondFactorEnrolmentRequired: boolean;
  /** The visitor's address as the server trusts it (TRUST_PROXY), for audit trails. */
  ipAddress: string;
  /**
   * The server refused this request's action: staff viewing the site as someone may change nothing
   * (the page's `handle` does not allow it). The root middleware answers 403 before any action runs.
   */
  refusedWhileViewingAs: boolean;
}

export const appContext = createContext<AppContext>();
