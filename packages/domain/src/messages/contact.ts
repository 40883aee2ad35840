// Contact form (§8)
export const CONTACT_SENT = "Your email has been sent successfully.";
export const CONTACT_FAILED = "An error has occurred, please try again.";
