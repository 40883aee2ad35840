// Signup (§5)
export const FIRST_NAME_REQUIRED = "Please enter your first name.";
export const LAST_NAME_REQUIRED = "Please enter your last name.";
export const VALID_EMAIL_REQUIRED = "Please enter a valid email address.";
export const EMAIL_ALREADY_REGISTERED = "That email address already has an account!";
