// Any call that failed on the server (§8); its own module, as the shell of every page says it.
export const SERVER_ERROR = "There was a server error";
/** Beyond the spec: PostgreSQL does not answer (restarting, network cut); the request ran nothing to its end. */
export const DATABASE_UNAVAILABLE =
  "The site cannot reach its database just now, so nothing was done. Please try again in a minute.";
/** The heading of a page refused because a service the site depends on is away (the message says which). */
export const SERVICE_UNAVAILABLE_TITLE = "Briefly unavailable";
