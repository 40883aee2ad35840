// Listing images (§2)
export const NO_COVER_IMAGE = "No Cover Image Uploaded";
