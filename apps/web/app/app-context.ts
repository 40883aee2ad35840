import type { Core } from "@aea/core/types";
import type { SessionUser } from "@aea/domain";
import { createContext } from "react-router";

/** What the server hands every loader and action: the core, the response's CSP nonce and the visitor. */
export interface AppContext {
  core: Core;
  cspNonce: string;
  /** The signed-in user (from the session cookie), or null. */
  user: SessionUser | null;
  /** Staff without a second factor while STAFF_MFA=required: every page but enrolment redirects there. */
  secondFactorEnrolmentRequired: boolean;
  /** The visitor's address as the server trusts it (TRUST_PROXY), for audit trails. */
  ipAddress: string;
}

export const appContext = createContext<AppContext>();
