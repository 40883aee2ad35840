import { testEngines } from "@aea/core/testing";
import { type Audience, refusalAnswer, VIEWING_AS_READ_ONLY } from "@aea/domain";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { changedTables, databaseState } from "./database-state.ts";
import { type MatrixFixtures, matrixFixtures, REFUSALS_ON_SQLITE } from "./matrix-fixtures.ts";
import { type Role, roles, roleUser, type Viewer, viewers } from "./role-sessions.ts";
import { routeRecorder } from "./route-table.ts";

export interface ApiRequest {
  url: string;
  payload?: object;
  headers?: Record<string, string>;
}

/** One valid request to a route that may change state, and what its answer depends on besides the audience. */
export interface ApiWriteCase {
  /** `METHOD /path` of the route as registered: every such route needs at least one case. */
  route: string;
  /** What the request asks, when a route has more than one case. */
  name?: string;
  /** What a role the audience admits gets. */
  admitted: number;
  /**
   * The audience this request asks for when it is not the route's declared one (`admitAs`: another
   * user's record, a password change without a mailed token).
   */
  asks?: Audience;
  /** Answers that depend on the object asked about (a private deal, a data room the role is not in). */
  perObject?: Partial<Record<Role, number>>;
  /** Ends the role's session or changes its login: the account is put back afterwards. */
  changesAccount?: boolean;
  /** Puts back what the request gave the role's account (a passkey), after the request. */
  cleanUp?(fixtures: MatrixFixtures, role: Role): Promise<void>;
  /** A request that passes validation, so the answer is about who asks. */
  request(fixtures: MatrixFixtures, role: Role): ApiRequest | Promise<ApiRequest>;
}

/** Buyers without a grant get the room's 404 (admins are in every room). */
export const outsideTheRoom = { buyer: 404, privateBuyer: 404, claim: 404 } as const;
/** Buyers not granted private deals get the 404 of a deal they may not see. */
export const notAPrivateBuyer = { buyer: 404, claim: 404 } as const;

/**
 * What `role` gets: the object's own answer, else the spec §6 refusal of the audience (declared, or
 * asked for by this request), else what the case says an admitted role gets.
 */
export function expectedStatus(apiCase: ApiWriteCase, declared: Audience | undefined, role: Role): number {
  const audience = apiCase.asks ?? declared;
  if (!audience) throw new Error(`${apiCase.route} declares no audience (config.access)`);
  return (
    apiCase.perObject?.[role] ?? refusalAnswer(audience, roleUser(role), "api")?.status ?? apiCase.admitted
  );
}

/** The app the write matrices ask, with the routes it registered and their declared audiences. */
export async function apiMatrixApp(fixtures: MatrixFixtures) {
  const routes = routeRecorder();
  const app = await buildApp({ core: fixtures.core, withWebApp: false, onRoute: routes.onRoute });
  await app.ready();
  const origin = new URL(fixtures.core.config.publicUrl).origin;
  // Each request from its own address: the per-address limits are not what these tables test.
  let address = 0;
  const send = (method: string, request: ApiRequest, cookie: string | undefined) =>
    app.inject({
      method: method as InjectOptions["method"],
      url: request.url,
      payload: request.payload,
      headers: { origin, ...(cookie ? { cookie } : {}), ...request.headers },
      remoteAddress: `10.11.${Math.floor(++address / 250)}.${(address % 250) + 1}`,
    });
  return { app, routes, send };
}

/**
 * Every case × the six roles of spec §6 (a refused request leaves every table as it was) and × the
 * two "view as" viewers, who may change nothing (issue 20): only logging out works for them.
 */
export function apiWriteMatrix(area: string, cases: ApiWriteCase[]): void {
  describe.each(testEngines())(`authorization of ${area} on $name`, (engine) => {
    let fixtures: MatrixFixtures;
    let matrix: Awaited<ReturnType<typeof apiMatrixApp>>;
    let app: FastifyInstance | undefined;

    beforeAll(async () => {
      fixtures = await matrixFixtures(engine);
      matrix = await apiMatrixApp(fixtures);
      app = matrix.app;
    });
    afterAll(async () => {
      await app?.close();
      await fixtures?.close();
    });

    for (const apiCase of cases) {
      const [method, path] = apiCase.route.split(" ");
      const title = `${path}${apiCase.name ? ` (${apiCase.name})` : ""}`;
      it.for(roles)(`${title} as %s`, async (role, { skip }) => {
        const want = expectedStatus(apiCase, matrix.routes.audienceOf(path), role);
        if (want >= 400 && engine.name !== "sqlite") skip(REFUSALS_ON_SQLITE);
        const request = await apiCase.request(fixtures, role);
        const before = want >= 400 ? await databaseState(fixtures.core) : undefined;
        try {
          const response = await matrix.send(method, request, fixtures.sessions.cookie(role));
          expect(response.statusCode, response.body).toBe(want);
          if (before) expect(changedTables(before, await databaseState(fixtures.core))).toEqual([]);
        } finally {
          if (apiCase.changesAccount) await fixtures.sessions.restore(role);
          await apiCase.cleanUp?.(fixtures, role);
        }
      });

      const viewerWant = apiCase.route === "POST /api/Auth/Logout" ? 204 : 403;
      it.for(viewers)(`${title} while %s`, async (viewer: Viewer, { skip }) => {
        if (engine.name !== "sqlite") skip(REFUSALS_ON_SQLITE);
        const request = await apiCase.request(fixtures, "buyer");
        const cookie = await fixtures.sessions.viewingAsCookie(viewer);
        const before = await databaseState(fixtures.core);
        const response = await matrix.send(method, request, cookie);
        expect(response.statusCode, response.body).toBe(viewerWant);
        if (viewerWant === 403) {
          expect(response.json()).toEqual({ code: "IMPERSONATING", message: VIEWING_AS_READ_ONLY });
          expect(changedTables(before, await databaseState(fixtures.core))).toEqual([]);
        }
      });
    }
  });
}
