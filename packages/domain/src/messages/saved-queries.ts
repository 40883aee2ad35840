// Saved queries and their directories (§8)
export const SAVED_QUERY_TEXTS = {
  directoryCreated: "Directory has been created",
  directoryUpdated: "Directory has been updated",
  directoryDeleted: "Directory has been deleted",
  queryDeleted: "Query has been deleted",
  failedTitle: "Failed",
  createDirectoryFailed: "Creating directory process has failed",
  updateDirectoryFailed: "Update directory process has been failed",
  deleteDirectoryFailed: "Delete directory process has been failed",
  deleteQueryFailed: "Delete query process has been failed",
  noQueries: "No Queries",
} as const;
/** The analysis page's own words around the spec's (§8) saved-query texts. */
export const ANALYSIS_PAGE_TEXTS = {
  save: "Save query",
  load: "Load query",
  manage: "Saved queries",
  queryName: "Query name",
  directories: "Directories",
  newDirectory: "New directory",
  querySaved: "Query has been saved",
  saveFailed: "Saving the query has failed",
} as const;
export const QUERY_NOT_FOUND = "That query does not exist.";
export const DIRECTORY_NOT_FOUND = "That directory does not exist.";
export const SAVED_QUERY_NOT_FOUND = "That saved query does not exist.";
export const QUERY_IN_OTHERS_DIRECTORY =
  "That query is saved in another user's directory: save a copy of it under a new QueryUUID.";
export const QUERY_ALREADY_SAVED = "That query is already saved. Save a copy under a new QueryUUID.";
export const QUERY_NAME_TAKEN = "A query with that name is already in this directory.";
export const DIRECTORY_NAME_TAKEN = "You already have a directory with that name.";

/** The safe-content conversion was asked for a kind of content it does not know (spec §5). */
export const INVALID_SAFE_TYPE = "Invalid safe type specified";
