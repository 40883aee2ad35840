import { testEngines } from "@aea/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiMatrixApp, apiWriteMatrix } from "../testing/api-write-matrix.ts";
import { accountWrites } from "../testing/api-writes/account-writes.ts";
import { analysisQueries } from "../testing/api-writes/analysis-queries.ts";
import { bidWrites } from "../testing/api-writes/bid-writes.ts";
import { contactWrites } from "../testing/api-writes/contact-writes.ts";
import { listingWrites } from "../testing/api-writes/listing-writes.ts";
import { questionWrites } from "../testing/api-writes/question-writes.ts";
import { savedRequestWrites } from "../testing/api-writes/saved-request-writes.ts";
import { changedTables, databaseState } from "../testing/database-state.ts";
import { type MatrixFixtures, matrixFixtures } from "../testing/matrix-fixtures.ts";
import { roles } from "../testing/role-sessions.ts";

// Every non-GET API route × the roles of spec §6 (issue 11), split by area: account writes and deal,
// data-room and listing writes in their own files, contact and push here. What a role gets follows
// from the route's declared audience (refusalAnswer); only per-object answers are written down.
apiWriteMatrix("contact and push writes", contactWrites);
apiWriteMatrix("analysis queries", analysisQueries);

/** Unknown API paths answer 404 JSON to every method; the catch-all's methods are covered by one test. */
const catchAll = "/api/*";

describe.each(testEngines())("the non-GET API routes on $name", (engine) => {
  let fixtures: MatrixFixtures;
  let matrix: Awaited<ReturnType<typeof apiMatrixApp>>;

  beforeAll(async () => {
    fixtures = await matrixFixtures(engine);
    matrix = await apiMatrixApp(fixtures);
  });
  afterAll(async () => {
    await matrix?.app.close();
    await fixtures?.close();
  });

  it("are each in a matrix, with a declared audience", () => {
    const cases = [
      ...accountWrites,
      ...listingWrites,
      ...contactWrites,
      ...analysisQueries,
      ...savedRequestWrites,
      ...questionWrites,
      ...bidWrites,
    ];
    const covered = new Set(cases.map((c) => c.route));
    const unsafe = matrix.routes.unsafe().filter((route) => !route.endsWith(` ${catchAll}`));
    expect(
      unsafe.filter((route) => !covered.has(route)),
      "add these routes to a matrix with a valid request",
    ).toEqual([]);
    expect(
      [...covered].filter((route) => !unsafe.includes(route)),
      "these routes are in a matrix but no longer in the app",
    ).toEqual([]);
    expect(unsafe.filter((route) => !matrix.routes.audienceOf(route.split(" ")[1]))).toEqual([]);
  });

  it.each(roles)(`every non-GET method of an unknown ${catchAll} path answers 404 as %s`, async (role) => {
    const methods = matrix.routes
      .unsafe()
      .filter((route) => route.endsWith(` ${catchAll}`))
      .map((route) => route.split(" ")[0]);
    expect(methods).toContain("POST");
    const before = await databaseState(fixtures.core);
    for (const method of methods) {
      const response = await matrix.send(
        method,
        { url: "/api/Auth/NoSuchRoute", payload: {} },
        fixtures.sessions.cookie(role),
      );
      expect(response.statusCode, method).toBe(404);
    }
    expect(changedTables(before, await databaseState(fixtures.core))).toEqual([]);
  });
});
