// Seller inquiry (§8)
export const SELLER_INQUIRY_SENT =
  "Your email has been sent successfully. An agent will contact you shortly.";
export const SELLER_INQUIRY_FAILED = "An unexpected error has occurred. Please try again later.";
