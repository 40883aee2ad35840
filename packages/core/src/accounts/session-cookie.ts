/** The httpOnly cookie that carries a signed-in visitor's session token. */
export const SESSION_COOKIE = "aea_session";
