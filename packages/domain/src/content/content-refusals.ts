/**
 * Directus's words for the content doors' refusals, which clients written for it expect: an unknown
 * collection or item is refused with 403 (so a visitor cannot tell what exists from what they may
 * not see), a missing file with 404.
 */
export const CONTENT_FORBIDDEN = "You don't have permission to access this.";
export const CONTENT_FILE_NOT_FOUND = "File not found.";
