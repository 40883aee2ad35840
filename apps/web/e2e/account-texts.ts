/** What the account pages say (spec §5 and §8), written out as the spec gives it. */

export const FIRM_SHORT_NAME = "AEA";

export const EMAIL_REQUIRED = "Email is Required";
export const PASSWORD_REQUIRED = "Password is Required";
export const INCORRECT_PASSWORD = "Incorrect password.";
export const EMAIL_NOT_ASSOCIATED = `Email is not associated with ${FIRM_SHORT_NAME}`;
export const SERVER_ERROR = "There was a server error";
export const PASSWORD_RULE = "Your password must contain at least 6 characters with no less than one number.";
export const PASSWORDS_DIFFERENT = "The confirmed password is different than the original password.";
export const LOGIN_TO_ACCESS = "Login to access this page";
export const NOT_AUTHORIZED = "You are not authorized to access this page";
export const ADMIN_LOGIN_MESSAGE = "Please login to administer users and passwords.";
export const REAUTHENTICATE = "Please enter your current password to make this change.";
