import type { AnalysisActor } from "@aea/core";
import type { ApiWriteCase } from "../api-write-matrix.ts";
import type { MatrixFixtures } from "../matrix-fixtures.ts";
import { type Role, roleUser, type SignedInRole } from "../role-sessions.ts";

const filters = {
  filters: [{ type: "checkbox", field: "selectedRegions", expressions: ["permian"] }],
  customChart: null,
};
/** A QueryUUID nobody was handed: what a refused role's request names. */
const strangerUuid = "6f1c0b4e-8a4b-4c6f-9a57-0c7b4b3b2a10";

/** The role as the saved-query service sees it, or undefined for roles the analysis tools refuse. */
function analyst(f: MatrixFixtures, role: Role): AnalysisActor | undefined {
  const user = roleUser(role);
  if (!user || !(user.isAdmin || user.hasClaimAD)) return undefined;
  return { ...user, id: f.sessions.account(role as SignedInRole).id };
}
/** The role's own id in a path (a refused role's requests are refused before the id matters). */
const userIdOf = (f: MatrixFixtures, role: Role) => (role === "anonymous" ? 1 : f.sessions.account(role).id);

/** A QueryUUID handed to the role, with filters saved under it when `saved`. */
async function queryOf(f: MatrixFixtures, role: Role, saved: boolean): Promise<string> {
  const actor = analyst(f, role);
  if (!actor) return strangerUuid;
  const uuid = await f.core.savedQueries.nextQueryUuid(actor);
  if (saved) await f.core.savedQueries.saveFilters(actor, uuid, filters);
  return uuid;
}

/** A new directory of the role (id 1 for refused roles). */
async function directoryOf(f: MatrixFixtures, role: Role): Promise<number> {
  const actor = analyst(f, role);
  if (!actor) return 1;
  return (await f.core.savedQueries.addDirectory(actor, f.unique("Matrix dir"), actor.id)).id;
}

/** The spec §7 saved-request writes: each for the role's own queries and directories. */
export const savedRequestWrites: ApiWriteCase[] = [
  {
    route: "POST /api/request/:queryUUID/saveFilters",
    admitted: 200,
    request: async (f, role) => ({
      url: `/api/request/${await queryOf(f, role, false)}/saveFilters`,
      payload: { filters },
    }),
  },
  {
    route: "POST /api/request/:uuid&userId&name&dirId/saveUserFilter",
    admitted: 200,
    request: async (f, role) => {
      const uuid = await queryOf(f, role, true);
      const directory = await directoryOf(f, role);
      return { url: `/api/request/${uuid}&${userIdOf(f, role)}&Matrix%20query&${directory}/saveUserFilter` };
    },
  },
  {
    route: "POST /api/request/:id&userId/deleteUserRequest",
    admitted: 200,
    request: async (f, role) => {
      const actor = analyst(f, role);
      let id = 1;
      if (actor) {
        const uuid = await queryOf(f, role, true);
        const directoryId = await directoryOf(f, role);
        id = (
          await f.core.savedQueries.fileQuery(actor, {
            queryUUID: uuid,
            userId: actor.id,
            name: "Q",
            directoryId,
          })
        ).id;
      }
      return { url: `/api/request/${id}&${userIdOf(f, role)}/deleteUserRequest` };
    },
  },
  {
    route: "POST /api/request/:name&userId/addRequestDirectory",
    admitted: 200,
    request: (f, role) => ({
      url: `/api/request/${encodeURIComponent(f.unique("Matrix dir"))}&${userIdOf(f, role)}/addRequestDirectory`,
    }),
  },
  {
    route: "POST /api/request/:dirId&name&userId/updateRequestDirectory",
    admitted: 200,
    request: async (f, role) => ({
      url: `/api/request/${await directoryOf(f, role)}&${encodeURIComponent(f.unique("Renamed"))}&${userIdOf(f, role)}/updateRequestDirectory`,
    }),
  },
  {
    route: "POST /api/request/:dirId&userId/deleteRequestDirectory",
    admitted: 200,
    request: async (f, role) => ({
      url: `/api/request/${await directoryOf(f, role)}&${userIdOf(f, role)}/deleteRequestDirectory`,
    }),
  },
];
