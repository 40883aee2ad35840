// Guards (§6)
export const LOGIN_TO_ACCESS = "Login to access this page";
export const NOT_AUTHORIZED = "You are not authorized to access this page";
