import { LOGIN_MODAL_SMALL_WIDTH_PX, LOGIN_MODAL_WIDTH_PX } from "@aea/domain";
import type { CSSProperties } from "react";

/** The login modal's widths (spec §2: 425 px, 320 px on small screens), shared by the /login page's panel. */
export const loginPanelWidth = {
  "--login-width": `${LOGIN_MODAL_WIDTH_PX}px`,
  "--login-small-width": `${LOGIN_MODAL_SMALL_WIDTH_PX}px`,
} as CSSProperties;

export const loginPanelClass =
  "w-[var(--login-small-width)] max-w-[calc(100vw-1rem)] rounded-card bg-white xs:w-[var(--login-width)]";
