import { accessCodePath } from "@aea/domain";

/** Where the login link of the deal page's data-room box goes without JavaScript: /login, then back to the code dialog. */
export const dataRoomLoginHref = (listingId: number): string =>
  `/login?redirectTo=${encodeURIComponent(accessCodePath(listingId))}`;
