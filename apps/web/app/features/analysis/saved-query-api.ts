import type { RequestDirectory } from "@aea/domain";

/**
 * The spec's saved-request calls (§7) as the analysis page's dialogs make them. Several values share
 * one path segment joined by `&`, each encoded on its own (a name may hold `&` or `/`).
 */
const path = (...parts: (string | number)[]) => parts.map((p) => encodeURIComponent(String(p))).join("&");

async function call<T>(method: "GET" | "POST", url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers:
      body === undefined
        ? { accept: "application/json" }
        : { accept: "application/json", "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as T & { message?: string };
  if (!response.ok) throw new Error(answer.message ?? `The server answered ${response.status}.`);
  return answer;
}

export const savedQueryApi = {
  directories: (userId: number) =>
    call<RequestDirectory[]>("GET", `/api/request/${userId}/getUserRequestDirectories`),
  addDirectory: (name: string, userId: number) =>
    call<RequestDirectory>("POST", `/api/request/${path(name, userId)}/addRequestDirectory`),
  renameDirectory: (dirId: number, name: string, userId: number) =>
    call<RequestDirectory>("POST", `/api/request/${path(dirId, name, userId)}/updateRequestDirectory`),
  deleteDirectory: (dirId: number, userId: number) =>
    call<{ message: string }>("POST", `/api/request/${path(dirId, userId)}/deleteRequestDirectory`),
  deleteRequest: (id: number, userId: number) =>
    call<{ message: string }>("POST", `/api/request/${path(id, userId)}/deleteUserRequest`),
  /** getNextQueryUUID, saveFilters, then saveUserFilter: the query filed under its name. */
  async save(input: {
    userId: number;
    name: string;
    directoryId: number;
    filters: { type: string; field: string; expressions: string[] }[];
    customChart: Record<string, unknown>;
  }): Promise<string> {
    const { queryUUID } = await call<{ queryUUID: string }>("GET", "/api/request/getNextQueryUUID");
    await call("POST", `/api/request/${encodeURIComponent(queryUUID)}/saveFilters`, {
      filters: { filters: input.filters, customChart: input.customChart },
    });
    await call(
      "POST",
      `/api/request/${path(queryUUID, input.userId, input.name, input.directoryId)}/saveUserFilter`,
    );
    return queryUUID;
  },
};
