// Any call that failed on the server (§8); its own module, as the shell of every page says it.
export const SERVER_ERROR = "There was a server error";
