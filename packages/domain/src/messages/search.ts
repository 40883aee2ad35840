// Search (§5, §8)
export const EMPTY_SEARCH = "Please provide a valid search text.";
