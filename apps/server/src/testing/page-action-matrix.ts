import { testEngines } from "@aea/core/testing";
import { refusalAnswer, VIEWING_AS_READ_ONLY } from "@aea/domain";
import type { FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { PageRoutes } from "../http/page-routes.ts";
import { changedTables, databaseState } from "./database-state.ts";
import { type MatrixFixtures, matrixFixtures, REFUSALS_ON_SQLITE } from "./matrix-fixtures.ts";
import { type Role, roles, roleUser, type Viewer, viewers } from "./role-sessions.ts";
import { pageFormPost } from "./test-app.ts";
import { webBuild } from "./web-build.ts";

/** What a role gets: a status, or a redirect (302) to the given location. */
export type Expectation = number | string;

/** One valid form post to a page action, and what its answer depends on besides the audience. */
export interface PageActionCase {
  /** The route's path pattern in the web app (routes.ts): every route with an action needs a case. */
  route: string;
  name?: string;
  /**
   * What a role the route's audience admits gets ("__LISTING__" stands for the listing the form
   * names); a role refused by the declared audience gets the spec's answer instead.
   */
  admitted: Expectation;
  /** What a role the audience admits gets instead, where the object decides (a room the role is not in). */
  perRole?: Partial<Record<Role, Expectation>>;
  /** Ends the role's session: the account is put back afterwards. */
  changesAccount?: boolean;
  /** The URL and the form fields of a submission that passes validation. */
  form(
    fixtures: MatrixFixtures,
  ): Promise<[url: string, fields: Record<string, string>]> | [string, Record<string, string>];
}

/** The paths of the web app's routes that export an action. */
export function routesWithActions(build: ServerBuild): string[] {
  return Object.values(build.routes)
    .filter((route) => route && typeof route.module.action === "function")
    .map((route) => `/${route?.path ?? ""}`);
}

/** The spec §6 answer the page's declared audience gives `role`, else what the case says admitted roles get. */
function expected(pageRoutes: PageRoutes, pageCase: PageActionCase, url: string, role: Role): Expectation {
  const refusal = refusalAnswer(pageRoutes.policyFor(url).access, roleUser(role), { page: url });
  if (refusal) return refusal.status === 302 ? refusal.location : refusal.status;
  return pageCase.perRole?.[role] ?? pageCase.admitted;
}

/** A 4xx, or an answer other than what admitted roles get, is a refusal and must change nothing. */
function isRefusal(answer: Expectation, admitted: Expectation): boolean {
  return typeof answer === "number" ? answer >= 400 : answer !== admitted;
}

// "View as" is read-only (issue 20): an admin viewing the site as a buyer or as a manager gets a
// 403 page saying so from every action, and nothing changes; only logging out and Stop work.
const viewerAnswers: Record<string, (f: MatrixFixtures, viewer: Viewer) => Expectation> = {
  "/logout": () => "/home",
  "/impersonation/stop": (f, viewer) => `/admin/users/${f.sessions.viewedAccount(viewer).id}`,
};

/** Every case × the six roles of spec §6 and × the two "view as" viewers; a refused post changes nothing. */
export function pageActionMatrix(area: string, cases: PageActionCase[]): void {
  describe.each(testEngines())(`authorization of ${area} on $name`, (engine) => {
    let fixtures: MatrixFixtures;
    let app: FastifyInstance | undefined;
    let pageRoutes: PageRoutes;
    let origin: string;
    let address = 0;

    beforeAll(async () => {
      fixtures = await matrixFixtures(engine);
      app = await buildApp({ core: fixtures.core });
      pageRoutes = new PageRoutes((await webBuild()).routes);
      origin = new URL(fixtures.core.config.publicUrl).origin;
    });
    afterAll(async () => {
      await app?.close();
      await fixtures?.close();
    });

    const post = (url: string, fields: Record<string, string>, cookie: string | undefined) =>
      (app as FastifyInstance).inject({
        ...pageFormPost(origin, url, fields, cookie),
        remoteAddress: `10.12.${Math.floor(++address / 250)}.${(address % 250) + 1}`,
      });

    const expectAnswer = (
      response: { statusCode: number; headers: object; body: string },
      want: Expectation,
    ) => {
      if (typeof want === "number") {
        expect(response.statusCode, response.body.slice(0, 300)).toBe(want);
      } else {
        expect(response.statusCode).toBe(302);
        expect((response.headers as { location?: string }).location).toBe(want);
      }
    };

    for (const pageCase of cases) {
      const title = `POST ${pageCase.route}${pageCase.name ? ` (${pageCase.name})` : ""}`;
      it.for(roles)(`${title} as %s`, async (role, { skip }) => {
        const answer = expected(pageRoutes, pageCase, pageCase.route.replace(/:\w+/g, "1"), role);
        if (engine.name !== "sqlite" && isRefusal(answer, pageCase.admitted)) skip(REFUSALS_ON_SQLITE);
        const [url, fields] = await pageCase.form(fixtures);
        const resolve = (e: Expectation) =>
          typeof e === "string" ? e.replace("__LISTING__", fields.listingId ?? "") : e;
        const want = resolve(expected(pageRoutes, pageCase, url, role));
        const refused = isRefusal(want, resolve(pageCase.admitted));
        const before = refused ? await databaseState(fixtures.core) : undefined;
        try {
          expectAnswer(await post(url, fields, fixtures.sessions.cookie(role)), want);
          if (before) expect(changedTables(before, await databaseState(fixtures.core))).toEqual([]);
        } finally {
          if (pageCase.changesAccount) await fixtures.sessions.restore(role);
        }
      });

      it.for(viewers)(`${title} while %s`, async (viewer: Viewer, { skip }) => {
        if (engine.name !== "sqlite") skip(REFUSALS_ON_SQLITE);
        const [url, fields] = await pageCase.form(fixtures);
        const want = viewerAnswers[pageCase.route]?.(fixtures, viewer) ?? 403;
        const cookie = await fixtures.sessions.viewingAsCookie(viewer);
        const before = await databaseState(fixtures.core);
        const response = await post(url, fields, cookie);
        expectAnswer(response, want);
        if (want === 403) {
          expect(response.body).toContain(VIEWING_AS_READ_ONLY);
          expect(changedTables(before, await databaseState(fixtures.core))).toEqual([]);
        }
      });
    }
  });
}
