/** Business constants and limits (§2, §4, §9). Durations are in milliseconds unless named otherwise. */

// Lists and facets (§9)
/** Deals per page of the in-memory deal list. */
export const DEAL_LIST_PAGE_SIZE = 14;

// Timing (§2, §4, §5, §9)
export const SNACKBAR_DURATION_MS = 3000;
/** Delay before the signup form checks whether an email already has an account. */
export const EMAIL_CHECK_DELAY_MS = 400;
/** The mobile side menu closes this long before navigating. */
export const SIDE_MENU_CLOSE_DELAY_MS = 300;

// Cookies (§4)
const COOKIE_MAX_AGE_DAYS = 365;
export const TERMS_COOKIE_NAME = "userAgreed";
export const COOKIE_MAX_AGE_SECONDS = COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;

// Passwords (§5, §9)
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 32;
/** Characters a signup password may use besides letters and digits. */
export const PASSWORD_SYMBOLS = "!@#$%^&*";

// Push (§4)
/** Push notifications are offered from this page load on. */
export const PUSH_NOTIFICATION_MIN_PAGE_LOADS = 3;

// Layout (§2, DESIGN)
export const LOGIN_MODAL_WIDTH_PX = 425;
export const LOGIN_MODAL_SMALL_WIDTH_PX = 320;
export const CHANGE_PASSWORD_DIALOG_WIDTH_PX = 450;

/** The visually hidden main heading of the home page. */
export const HIDDEN_HOME_HEADING = "Oil and Gas Acquisitions and Divestiture Advisory Services";

// Carousels (§9)
export interface CarouselSettings {
  slidesPerView: number;
  /** Fewer slides below a width, widest step first; the narrowest step below which the width falls wins. */
  responsive: readonly { below: number; slidesPerView: number }[];
  autoplayMs: number;
  speedMs: number | null;
  /** Arrows hidden below this width (null: never hidden). */
  hideArrowsBelow: number | null;
  /** The whole carousel hidden below this width (null: never hidden). */
  hideBelow: number | null;
}

export const HERO_CAROUSEL: CarouselSettings = {
  slidesPerView: 1,
  responsive: [],
  autoplayMs: 15000,
  speedMs: 1000,
  hideArrowsBelow: 768,
  hideBelow: null,
};

export const CURRENT_DEALS_CAROUSEL: CarouselSettings = {
  slidesPerView: 9,
  responsive: [
    { below: 1600, slidesPerView: 6 },
    { below: 1200, slidesPerView: 5 },
    { below: 1000, slidesPerView: 4 },
    { below: 768, slidesPerView: 3 },
    { below: 500, slidesPerView: 2 },
  ],
  autoplayMs: 10000,
  speedMs: null,
  hideArrowsBelow: null,
  // §2 hides the Current Assignments section "on mobile" (a device decision of the page), yet
  // gives slide counts down to 500px, so no width hides it here.
  hideBelow: null,
};

/** The spec gives 5, 4, 3, 2, 1 slides "narrower" without widths; these use the spec's breakpoints. */
export const CASE_HISTORY_CAROUSEL: CarouselSettings = {
  slidesPerView: 5,
  responsive: [
    { below: 1600, slidesPerView: 4 },
    { below: 1200, slidesPerView: 3 },
    { below: 1000, slidesPerView: 2 },
    { below: 768, slidesPerView: 1 },
  ],
  autoplayMs: 10000,
  speedMs: 2000,
  hideArrowsBelow: null,
  hideBelow: 600,
};

// Images (§7, §9)
export const LOGO_THUMBNAIL_SIZE = { width: 150, height: 150 } as const;
export const DEAL_LOGO_SIZE = { width: 150, height: 150 } as const;
export const TOMBSTONE_SIZE = { width: 600, height: 600 } as const;
export const HERO_BANNER_SIZE = { width: 1900, height: 750 } as const;
export const HERO_SIDE_IMAGE_HEIGHT = 600;
export const ASSET_DEFAULT_FIT = "inside";
export const ASSET_DEFAULT_QUALITY = 95;
export const DEAL_LOGO_FIT = "contain";
export const DEAL_LOGO_QUALITY = 80;
