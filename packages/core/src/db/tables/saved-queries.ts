import type { Generated } from "kysely";

export interface AnalysisQueryRow {
  queryUUID: string;
  createdBy: number;
  /** JSON `{filters, customChart}`; null until something is saved under the QueryUUID. */
  request: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface RequestDirectoryRow {
  id: Generated<number>;
  userId: number;
  name: string;
  createdAt: string;
}

export interface SavedRequestRow {
  id: Generated<number>;
  directoryId: number;
  queryUUID: string;
  requestName: string;
  createTime: string;
}

/** Staff's analysis queries, and the directories they file them in (since migration 026). */
export interface SavedQueryTables {
  analysis_queries: AnalysisQueryRow;
  request_directories: RequestDirectoryRow;
  saved_requests: SavedRequestRow;
}
