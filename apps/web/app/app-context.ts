import type { Core } from "@aea/core/types";
import type { SessionUser } from "@aea/domain";
import { createContext } from "react-router";

/** What the server hands every loader and action: the core, the response's CSP nonce and the visitor. */
export interface AppContext {
  core: Core;
  cspNonce: string;
  /** The signed-in user (from the session cookie), or null. */
  user: SessionUser | null;
  /** The visitor's address as TRUST_PROXY allows it to be known (for audit trails). */
  ipAddress: string;
}

export const appContext = createContext<AppContext>();
