/**
 * Every user-facing text of the spec (§2 screens, §5 validation, §6 guards, §8 error
 * catalogue), used by both the pages and the API so they always say the same thing.
 * Texts that name something variable are functions. Deal-type titles, deal-size and
 * country names, status names and sort labels live beside their rules in `listing/`.
 */

// Pages and routes
export const PAGE_MISSING = "404: page missing";
/** "Product | Page" (§9: the page title prefix is the product name plus a bar). */
export function pageTitle(productName: string, page?: string): string {
  return page ? `${productName} | ${page}` : productName;
}

// Header, menus and navigation (§2)
export const SEARCH_PLACEHOLDER = "Search Assignments";
export const VIEW_ON_MAP = "View On Map";
export const LOGIN = "Login";
export const LOG_IN = "Log in";
export const LOG_OUT = "Log out";
export const PRIVATE_VDR = "Private VDR";
export const TOP_MENU = {
  home: "Home",
  research: "Research",
  assignments: "Assignments",
  privateVdr: PRIVATE_VDR,
  services: "Services",
  pitchbooks: "Pitchbooks",
  resources: "Resources",
  iBuy: "iBuy",
  iSell: "iSell",
  contact: "Contact",
} as const;
export const USER_MENU = {
  mgmtDash: "Mgmt Dash",
  users: "Users",
  reorderDeals: "Reorder Deals",
  downloadDeals: "Download Deals",
  similarDeals: "Similar Deals",
  privateVdr: "Private VDR",
  analysis: "Analysis",
  buyerProfile: "Buyer Profile",
  updatePassword: "Update Password",
  logout: "Logout",
} as const;
export const SIDE_MENU_SECTIONS = {
  currentAssignments: "Current Assignments",
  about: "About",
  pitchbooks: "Pitchbooks",
  profile: "Profile",
  services: "Services",
  priorResearchAndTools: "Prior Research and Tools",
} as const;
export const PRIVATE_OPPORTUNITIES = "Private Opportunities";

// Home page (§2)
export const HOME_RESEARCH = "Research";
export const HOME_ALL_ASSIGNMENTS = "All Assignments";
export const HOME_SEARCH_BY_MAP = "Search By Map";
export const KEY_ITEMS_TITLE = "Four Decades Successfully Marketing Oil & Gas Properties";
export const KEY_ITEM_CARDS: readonly { title: string; figure: string; href: string }[] = [
  { title: "Largest Buyer Network", figure: "~$9.0B transacted", href: "/pitchbooks/products-services" },
  { title: "Most Experienced Team", figure: ">300yrs", href: "/team" },
  { title: "Proven Processes", figure: "1,000s of closings", href: "/pitchbooks/tombstones" },
  { title: "Are You A Buyer?", figure: "Register Now", href: "/buyer/signup" },
];
export const CURRENT_ASSIGNMENTS = "Current Assignments";
export const DIVESTMENT_SERVICES_TITLE = "Specializing in Divestment Services";
export const DIVESTMENT_SERVICES: readonly string[] = [
  "Premier Packaging",
  "Data Room Hosting",
  "Aggressive Marketing",
  "Unparalleled Outreach",
  "Personal Touch",
];
export const NON_CORE_ASSETS_CALL_TO_ACTION = "Turn Non-Core Oil & Gas Assets Into Cash";
export const TECHNICAL_SERVICES = "Technical Services";
export const LEARN_MORE = "Learn More";

// Seller page (§2)
export const SELL_YOUR_ASSETS = "Sell your assets!";

// Login (§2, §5, §8)
export const ADMIN_LOGIN_MESSAGE = "Please login to administer users and passwords.";
export const HERE_BY_MISTAKE = "Here By Mistake";
/** The login modal's message when a deal's data-room box asks an anonymous visitor to log in. */
export function dataRoomLoginMessage(dealHeader: string): string {
  return `Please login to enter the data room of ${dealHeader}.`;
}
export const EMAIL_REQUIRED = "Email is Required";
export const PASSWORD_REQUIRED = "Password is Required";
export const INCORRECT_PASSWORD = "Incorrect password.";
/** Login with an email the site does not know, e.g. "Email is not associated with Acme". */
export function emailNotAssociated(shortName: string): string {
  return `Email is not associated with ${shortName}`;
}
/** The server's answer to a login whose email is not verified yet (§7). */
export const NOT_VERIFIED = "Not verified";
export const EMAIL_VERIFICATION_REQUIRED_TITLE = "Email Verification Required";
export const EMAIL_VERIFICATION_REQUIRED =
  "Your email has not been verified. Would you like to resend the verification email?";
export const VERIFICATION_EMAIL_SENT_TITLE = "Verification Email Sent";
/** The older flow's answer to an account whose password staff marked for reset (isValidPassword not Y). */
export const RESET_PASSWORD_TITLE = "Reset Password";
export const RESET_PASSWORD_REQUIRED = "You have to reset your password";
export function verificationEmailSent(email: string): string {
  return `An email has been sent to ${email}. Please click the link in the email to login.`;
}
export const SERVER_ERROR = "There was a server error";
/** Beyond the spec: the shared store of request limits (Redis) does not answer, so nothing is let through unlimited. */
export const LIMITS_UNAVAILABLE =
  "The site cannot check its request limits right now, so it is not taking this request. Please try again in a minute.";
/**
 * Requests refused before any route runs (the framework's own checks), by HTTP status: the API's codes
 * and words, never the framework's `FST_ERR_…` codes or messages (issue 20 item 15).
 */
export const REQUEST_REFUSALS: Readonly<Record<number, { code: string; message: string }>> = {
  400: { code: "BAD_REQUEST", message: "The request could not be read: check its body and its address." },
  404: { code: "NOT_FOUND", message: "Nothing is here." },
  405: { code: "METHOD_NOT_ALLOWED", message: "This address does not take that method." },
  413: { code: "BODY_TOO_LARGE", message: "This request is too large to send." },
  414: { code: "URI_TOO_LONG", message: "This address is too long." },
  415: {
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: "This content type is not accepted here: send JSON (application/json).",
  },
};

// Forgot password (§2, §8)
export const FORGOT_PASSWORD_HEADING = "Having trouble logging in?";
export const FORGOT_PASSWORD_PROMPT = "Enter your email address to get started.";
export const SUBMIT = "Submit";
export const SUBMITTED = "Submitted";
export const EMAIL_DOES_NOT_EXIST = "The email you entered does not exist. Please try again.";
/** The panel closes on success (§4) and says where the mail went, in the words of §8's sent mails. */
export const RESET_EMAIL_SENT_TITLE = "Email Sent";
export function resetEmailSent(email: string): string {
  return `An email has been sent to ${email}. Please click the link in the email to reset your password.`;
}

// Passwords (§5, §8)
export const PASSWORD_RULE = "Your password must contain at least 6 characters with no less than one number.";
export const PASSWORDS_DIFFERENT = "The confirmed password is different than the original password.";
export const PASSWORD_POPOVER_LENGTH = "6 or more characters";
export const PASSWORD_POPOVER_NUMBER = "At least one number";
export const PASSWORD_UPDATE_FAILED = "An error occurred when trying update your password";
/** The spec asks the user to email the support address; its exact wording is not given. */
export function passwordUpdateFailedHelp(supportEmail: string): string {
  return `Please email ${supportEmail} for assistance.`;
}
export const PASSWORD_UPDATED = "An email has been sent with confirmation of your password change.";
/** UpdatePassword given the new password both in its body and in the spec's query: which one is meant? */
export const NEW_PASSWORD_TWICE =
  "Send the new password once: as password in the JSON body, or (for older clients) in the query.";

// Sensitive account changes (password, email): a fresh login or the current password (issue 11)
export const REAUTHENTICATE = "Please enter your current password to make this change.";
export const CURRENT_PASSWORD = "Current password";
export const ACCOUNT_LOCKED = "Too many failed logins. This account is locked for 10 minutes.";
/** After ChangeEmail: nothing changes until the link mailed to the new address is followed. */
export function emailChangeLinkSent(newEmail: string): string {
  return `We sent a link to ${newEmail}. Your email changes when you follow it (within 48 hours).`;
}
export const EMAIL_CHANGED = "Your email has been changed. Use the new address to log in from now on.";
export const EMAIL_CHANGE_TAKEN =
  "That email address now belongs to another account, so your email was not changed.";
/**
 * Opening a mailed /verify-user link only asks: a mail scanner that follows every link must not verify
 * an address or move an account, so the change waits for the visitor's button (issue 20 item 12).
 */
export const MAILED_LINK_TEXTS = {
  verifyTitle: "Verify your email",
  verifyPrompt: "Confirm that this address is yours to finish setting up your account.",
  verifyButton: "Verify my email",
  changeTitle: "Confirm your new email",
  changePrompt: "Your account's email will change to this address:",
  changeButton: "Change my email",
} as const;

// Signup (§5)
export const FIRST_NAME_REQUIRED = "Please enter your first name.";
export const LAST_NAME_REQUIRED = "Please enter your last name.";
export const VALID_EMAIL_REQUIRED = "Please enter a valid email address.";
export const EMAIL_ALREADY_REGISTERED = "That email address already has an account!";

// Guards (§6)
export const LOGIN_TO_ACCESS = "Login to access this page";
export const NOT_AUTHORIZED = "You are not authorized to access this page";

// Search (§5, §8)
export const EMPTY_SEARCH = "Please provide a valid search text.";

// Contact form (§8)
export const CONTACT_SENT = "Your email has been sent successfully.";
export const CONTACT_FAILED = "An error has occurred, please try again.";

// Seller inquiry (§8)
export const SELLER_INQUIRY_SENT =
  "Your email has been sent successfully. An agent will contact you shortly.";
export const SELLER_INQUIRY_FAILED = "An unexpected error has occurred. Please try again later.";

// Listing images (§2)
export const NO_COVER_IMAGE = "No Cover Image Uploaded";

// Terms dialog (§2)
export const I_AGREE = "I Agree";
export const I_DISAGREE = "I Disagree";

// Other (§2, §5, §8)
export const OLD_BROWSER =
  "This site is best viewed in Chrome, Firefox, or Microsoft Edge. Your browser may be unsupported and out of date.";

// Confirmation dialogs (§2 Dialogs): delete confirmation and the generic confirm-action
export const CONFIRM_YES = "Yes";
export const CONFIRM_NO = "No";
/** The generic confirm-action's confirm text when none is given. */
export const CONFIRM_OK = "Ok";

// Staff user administration and impersonation (issue 14)
export const ACCOUNT_DISABLED =
  "This account has been disabled. Please contact us if you think this is a mistake.";
/** Any change asked for while staff view the site as someone (403 `IMPERSONATING`). */
export const VIEWING_AS_READ_ONLY =
  "You are viewing the site as this buyer, which is read-only: nothing can be changed in their name. Stop viewing as them to make changes.";
export const CANNOT_IMPERSONATE_ADMIN = "An administrator cannot be viewed as: only buyers can.";
export const CANNOT_IMPERSONATE_STAFF = "Management and claim staff cannot be viewed as: only buyers can.";
export const CANNOT_IMPERSONATE_SELF = "You cannot view the site as yourself.";
export const CANNOT_IMPERSONATE_DISABLED = "A disabled account cannot be viewed as: re-enable it first.";
export const CANNOT_REMOVE_OWN_ADMIN = "You cannot remove your own admin role.";
export const CANNOT_DISABLE_SELF = "You cannot disable your own account.";
export const STAFF_ROLE_NEEDS_VERIFIED =
  "Staff roles apply only to verified addresses: verify this account's email first.";
/** The amber header while an admin views the site as a buyer. */
export function viewingAs(name: string): string {
  return `Viewing the site as ${name}`;
}
/** The amber header's second line: what staff may and may not do while viewing as. */
export const VIEWING_AS_HINT = "Read-only: you see what they see, and nothing can be changed in their name.";
/** Who did something in a trail entry made while staff viewed the site as a buyer. */
export function staffViewingAs(staff: string, buyer: string): string {
  return `${staff} viewing as ${buyer}`;
}
export const STOP_VIEWING_AS = "Stop";

// Unsaved-changes confirm (§2 dialogs, §4, §8): leaving an edited staff form.
export const UNSAVED_CHANGES = "You have unsaved changes. Are you sure you want to leave?";
export const UNSAVED_CHANGES_LEAVE = "Leave";
export const UNSAVED_CHANGES_STAY = "Stay";

// Pictures sent by users (uploads, listing pictures)
/** A picture refused from its header for holding too many pixels to decode safely. */
export function imageTooManyPixels(width: number, height: number, maxPixels: number): string {
  return `The image is ${width}×${height} pixels; at most ${maxPixels / 1_000_000} megapixels are accepted.`;
}

// Saved queries and their directories (§8)
export const SAVED_QUERY_TEXTS = {
  directoryCreated: "Directory has been created",
  directoryUpdated: "Directory has been updated",
  directoryDeleted: "Directory has been deleted",
  queryDeleted: "Query has been deleted",
  failedTitle: "Failed",
  createDirectoryFailed: "Creating directory process has failed",
  updateDirectoryFailed: "Update directory process has been failed",
  deleteDirectoryFailed: "Delete directory process has been failed",
  deleteQueryFailed: "Delete query process has been failed",
  noQueries: "No Queries",
} as const;
/** The analysis page's own words around the spec's (§8) saved-query texts. */
export const ANALYSIS_PAGE_TEXTS = {
  save: "Save query",
  load: "Load query",
  manage: "Saved queries",
  queryName: "Query name",
  directories: "Directories",
  newDirectory: "New directory",
  querySaved: "Query has been saved",
  saveFailed: "Saving the query has failed",
} as const;
export const QUERY_NOT_FOUND = "That query does not exist.";
export const DIRECTORY_NOT_FOUND = "That directory does not exist.";
export const SAVED_QUERY_NOT_FOUND = "That saved query does not exist.";
export const QUERY_IN_OTHERS_DIRECTORY =
  "That query is saved in another user's directory: save a copy of it under a new QueryUUID.";
export const QUERY_ALREADY_SAVED = "That query is already saved. Save a copy under a new QueryUUID.";
export const QUERY_NAME_TAKEN = "A query with that name is already in this directory.";
export const DIRECTORY_NAME_TAKEN = "You already have a directory with that name.";

/** The safe-content conversion was asked for a kind of content it does not know (spec §5). */
export const INVALID_SAFE_TYPE = "Invalid safe type specified";
