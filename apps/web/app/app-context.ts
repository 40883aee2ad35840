import type { Core } from "@aea/core";
import { createContext } from "react-router";

/** What the server hands every loader and action: the one core instance and the response's CSP nonce. */
export interface AppContext {
  core: Core;
  cspNonce: string;
}

export const appContext = createContext<AppContext>();
