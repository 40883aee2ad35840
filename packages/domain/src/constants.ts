/** Business constants and limits (§2, §4, §9). Durations are in milliseconds unless named otherwise. */

// Lists and facets (§9)
/** Deals per page of the in-memory deal list. */
export const DEAL_LIST_PAGE_SIZE = 14;
/** Rows per request of the base (facet) query. */
export const BASE_QUERY_PAGE_SIZE = 20;
/** Rows per page of other paginated tables. */
export const DEFAULT_PAGE_SIZE = 20;
/** Facet values shown at most; longer lists become searchable and are ordered by count (§5). */
export const FACET_DISPLAY_LIMIT = 10;
export const FACET_SEARCH_DELAY_MS = 30;
/** Date-type facet buckets (§9), newest first; anything older falls in "Older". */
export const DATE_BUCKETS: readonly { key: string; label: string; days: number | null }[] = [
  { key: "last-month", label: "Last Month", days: 30 },
  { key: "last-6-months", label: "Last 6 Months", days: 182 },
  { key: "last-year", label: "Last 1 Year", days: 365 },
  { key: "older", label: "Older", days: null },
];
/** Year-type bucket keys are cut to this many characters. */
export const YEAR_BUCKET_KEY_LENGTH = 4;

// Timing (§2, §4, §5, §9)
export const SNACKBAR_DURATION_MS = 3000;
/** Delay before the signup form checks whether an email already has an account. */
export const EMAIL_CHECK_DELAY_MS = 400;
export const ANIMATION_DURATION_MS = 300;
/** The mobile side menu closes this long before navigating. */
export const SIDE_MENU_CLOSE_DELAY_MS = 300;

// Cookies (§4)
export const COOKIE_MAX_AGE_DAYS = 365;
export const REMEMBER_ME_COOKIE_DAYS = COOKIE_MAX_AGE_DAYS;
export const TERMS_COOKIE_DAYS = COOKIE_MAX_AGE_DAYS;
export const TERMS_COOKIE_NAME = "userAgreed";
export const COOKIE_MAX_AGE_SECONDS = COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;

// Passwords (§5, §9)
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 32;
/** Characters a signup password may use besides letters and digits. */
export const PASSWORD_SYMBOLS = "!@#$%^&*";

// People and access (§6)
/** Management is a fixed list of this many email addresses. */
export const MANAGEMENT_LIST_LENGTH = 3;
/** Push notifications start after this many page loads, in production only. */
export const PUSH_NOTIFICATION_MIN_PAGE_LOADS = 3;
/** Default salutation of a private-deal contact. */
export const DEFAULT_SALUTATION = "Mr.";

// Layout (§2, DESIGN)
/** Width breakpoints of the spec, in pixels. */
export const BREAKPOINTS = {
  xs: 500,
  sm: 600,
  md: 768,
  lg: 1000,
  sideMenu: 1186,
  xl: 1200,
  xxl: 1600,
} as const;
export const BREAKPOINT_WIDTHS: readonly number[] = [500, 600, 768, 1000, 1186, 1200, 1600];
/** Below this width the mobile side menu replaces the top menu. */
export const SIDE_MENU_BREAKPOINT = BREAKPOINTS.sideMenu;
export const PAGE_HEADER_OFFSET_PX = 79;
export const FILTER_STRIP_MAX_WIDTH_PX = 530;
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

/** Slides a carousel shows at a viewport width. */
export function slidesPerViewAt(carousel: CarouselSettings, width: number): number {
  let slides = carousel.slidesPerView;
  for (const step of carousel.responsive) if (width < step.below) slides = step.slidesPerView;
  return slides;
}

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
