import type { Core } from "@aea/core/types";
import type { SessionUser } from "@aea/domain";
import { createContext } from "react-router";

/** What the server hands every loader and action: the core, the response's CSP nonce and the visitor. */
export interface AppContext {
  core: Core;
  cspNonce: string;
  /** The signed-in user (from the session cookie), or null. */
  user: SessionUser | null;
  /** The visitor's address as the server sees it (through trusted proxies), for audit records. */
  clientIp: string;
}

export const appContext = createContext<AppContext>();
