import { testDatabase, testEngines } from "@aea/core/testing";
import { QUERY_IN_OTHERS_DIRECTORY, SAVED_QUERY_TEXTS } from "@aea/domain";
import type { InjectOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { RoleSessions, roleSessionsEnv, type SignedInRole } from "../../testing/role-sessions.ts";
import { serveTestApp } from "../../testing/test-app.ts";

const filters = {
  filters: [{ type: "checkbox", field: "selectedRegions", expressions: ["permian", "-gulf-coast"] }],
  customChart: { type: "bar", facet: "selectedRegions" },
};

describe.each(testEngines())("the saved-request API (spec §7) on $name", (engine) => {
  const served = serveTestApp(engine, roleSessionsEnv, { withWebApp: false });
  let sessions: RoleSessions;
  beforeAll(async () => {
    sessions = await RoleSessions.create(served.core);
  });

  const call = async (
    who: SignedInRole | "anonymous",
    method: "GET" | "POST",
    url: string,
    payload?: object,
  ) => {
    const cookie = who === "anonymous" ? undefined : sessions.cookie(who);
    const origin = new URL(served.core.config.publicUrl).origin;
    const options: InjectOptions = {
      method,
      url,
      payload,
      headers: { origin, ...(cookie ? { cookie } : {}) },
    };
    return served.app.inject(options);
  };
  const idOf = (role: SignedInRole) => sessions.account(role).id;
  const enc = encodeURIComponent;
  const tableCounts = async () => {
    const db = testDatabase(served.core).db;
    const count = async (table: "analysis_queries" | "request_directories" | "saved_requests") =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return [
      await count("analysis_queries"),
      await count("request_directories"),
      await count("saved_requests"),
    ];
  };

  /** A QueryUUID with the filters saved under it, filed in a new directory of `role`. */
  async function savedQuery(role: SignedInRole, directoryName: string, name: string) {
    const { queryUUID } = (await call(role, "GET", "/api/request/getNextQueryUUID")).json();
    expect((await call(role, "POST", `/api/request/${queryUUID}/saveFilters`, { filters })).statusCode).toBe(
      200,
    );
    const directory = (
      await call(role, "POST", `/api/request/${enc(directoryName)}&${idOf(role)}/addRequestDirectory`)
    ).json();
    const saved = await call(
      role,
      "POST",
      `/api/request/${queryUUID}&${idOf(role)}&${enc(name)}&${directory.id}/saveUserFilter`,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    return { queryUUID, directory, saved: saved.json() };
  }

  it("saves a query into a directory and lists it with its filters and chart, in the spec's shapes", async () => {
    const { queryUUID, directory, saved } = await savedQuery(
      "claim",
      "Permian buyers",
      "Oil & gas / minerals",
    );
    expect(directory).toEqual({ id: expect.any(Number), directorytName: "Permian buyers", requests: [] });
    expect(saved).toMatchObject({ requestName: "Oil & gas / minerals", queryUUID, request: filters });
    expect(Date.parse(saved.createTime)).not.toBeNaN();
    const requests = (await call("claim", "GET", `/api/request/${idOf("claim")}/getUserRequests`)).json();
    expect(requests).toEqual([saved]);
    const directories = (
      await call("claim", "GET", `/api/request/${idOf("claim")}/getUserRequestDirectories`)
    ).json();
    expect(directories).toContainEqual({ ...directory, requests: [saved] });
    // Any of staff with the link reproduces the query.
    expect((await call("admin", "GET", `/api/request/${queryUUID}/getFilters`)).json()).toEqual(filters);
  });

  it("renames and deletes directories and saved queries, each answered as the spec words it", async () => {
    const { directory, saved } = await savedQuery("admin", "Old name", "Q1");
    const renamed = await call(
      "admin",
      "POST",
      `/api/request/${directory.id}&${enc("New name")}&${idOf("admin")}/updateRequestDirectory`,
    );
    expect(renamed.json()).toMatchObject({ id: directory.id, directorytName: "New name", requests: [saved] });
    const deleted = await call(
      "admin",
      "POST",
      `/api/request/${saved.id}&${idOf("admin")}/deleteUserRequest`,
    );
    expect(deleted.json()).toEqual({ message: SAVED_QUERY_TEXTS.queryDeleted });
    // The query's link keeps working after it left the directory.
    expect((await call("claim", "GET", `/api/request/${saved.queryUUID}/getFilters`)).statusCode).toBe(200);
    const gone = await call(
      "admin",
      "POST",
      `/api/request/${directory.id}&${idOf("admin")}/deleteRequestDirectory`,
    );
    expect(gone.json()).toEqual({ message: SAVED_QUERY_TEXTS.directoryDeleted });
    const left = (
      await call("admin", "GET", `/api/request/${idOf("admin")}/getUserRequestDirectories`)
    ).json();
    expect(left.map((d: { id: number }) => d.id)).not.toContain(directory.id);
  });

  it("answers another user's id with 403 for claim staff, and lets an admin act for them", async () => {
    const claimId = idOf("claim");
    const adminId = idOf("admin");
    const { directory, saved } = await savedQuery("admin", "Admin's own", "A1");
    const before = await tableCounts();
    const foreign = [
      ["GET", `/api/request/${adminId}/getUserRequests`],
      ["GET", `/api/request/${adminId}/getUserRequestDirectories`],
      ["POST", `/api/request/Mine&${adminId}/addRequestDirectory`],
      ["POST", `/api/request/${directory.id}&Renamed&${adminId}/updateRequestDirectory`],
      ["POST", `/api/request/${directory.id}&${adminId}/deleteRequestDirectory`],
      ["POST", `/api/request/${saved.id}&${adminId}/deleteUserRequest`],
      ["POST", `/api/request/${saved.queryUUID}&${adminId}&Copy&${directory.id}/saveUserFilter`],
    ] as const;
    for (const [method, url] of foreign) {
      const response = await call("claim", method, url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message, url).toBe("You are not authorized to access this page");
    }
    expect(await tableCounts()).toEqual(before);
    // An admin may list and file for another user.
    const forClaim = await call(
      "admin",
      "POST",
      `/api/request/${enc("Shared by admin")}&${claimId}/addRequestDirectory`,
    );
    expect(forClaim.statusCode).toBe(200);
    expect(
      (await call("admin", "GET", `/api/request/${claimId}/getUserRequestDirectories`)).json(),
    ).toContainEqual(forClaim.json());
    expect((await call("admin", "GET", "/api/request/999999/getUserRequests")).statusCode).toBe(404);
  });

  it("refuses buyers (403) and anonymous callers (401 code 1001) on every call", async () => {
    const uuid = "6f1c0b4e-8a4b-4c6f-9a57-0c7b4b3b2a10";
    const urls = [
      ["GET", "/api/request/getNextQueryUUID"],
      ["GET", `/api/request/${uuid}/getFilters`],
      ["POST", `/api/request/${uuid}/saveFilters`],
      ["GET", `/api/request/${idOf("buyer")}/getUserRequests`],
      ["POST", `/api/request/Mine&${idOf("buyer")}/addRequestDirectory`],
    ] as const;
    for (const [method, url] of urls) {
      const payload = method === "POST" ? { filters } : undefined;
      expect((await call("buyer", method, url, payload)).statusCode, url).toBe(403);
      const anonymous = await call("anonymous", method, url, payload);
      expect([anonymous.statusCode, anonymous.json().code], url).toEqual([401, "1001"]);
    }
  });

  it("refuses a QueryUUID that does not exist or sits in another user's directory, changing nothing", async () => {
    const { queryUUID, directory } = await savedQuery("admin", "Admin's directory", "Kept");
    const mine = (
      await call("claim", "POST", `/api/request/Claim%20dir&${idOf("claim")}/addRequestDirectory`)
    ).json();
    const before = await tableCounts();
    const missing = "0b7a1f9e-1111-4c6f-9a57-0c7b4b3b2a10";
    expect((await call("claim", "GET", `/api/request/${missing}/getFilters`)).statusCode).toBe(404);
    expect((await call("claim", "POST", `/api/request/${missing}/saveFilters`, { filters })).statusCode).toBe(
      404,
    );
    expect(
      (await call("claim", "POST", `/api/request/${missing}&${idOf("claim")}&X&${mine.id}/saveUserFilter`))
        .statusCode,
    ).toBe(404);
    expect((await call("claim", "GET", "/api/request/not-a-uuid/getFilters")).json().message).toBe(
      "That is not a QueryUUID.",
    );
    // Another user's query is readable by link but neither rewritable nor fileable.
    const overwrite = await call("claim", "POST", `/api/request/${queryUUID}/saveFilters`, {
      filters: { filters: [], customChart: null },
    });
    expect([overwrite.statusCode, overwrite.json().message]).toEqual([403, QUERY_IN_OTHERS_DIRECTORY]);
    const file = await call(
      "claim",
      "POST",
      `/api/request/${queryUUID}&${idOf("claim")}&Mine&${mine.id}/saveUserFilter`,
    );
    expect([file.statusCode, file.json().message]).toEqual([403, QUERY_IN_OTHERS_DIRECTORY]);
    // …and nobody files into another user's directory under their own id.
    const { queryUUID: fresh } = (await call("claim", "GET", "/api/request/getNextQueryUUID")).json();
    await call("claim", "POST", `/api/request/${fresh}/saveFilters`, { filters });
    const intoTheirs = await call(
      "claim",
      "POST",
      `/api/request/${fresh}&${idOf("claim")}&Mine&${directory.id}/saveUserFilter`,
    );
    expect(intoTheirs.statusCode).toBe(404);
    expect((await call("admin", "GET", `/api/request/${queryUUID}/getFilters`)).json()).toEqual(filters);
    const [queries, directories, saved] = await tableCounts();
    expect([queries, directories, saved]).toEqual([before[0] + 1, before[1], before[2]]);
  });

  it("refuses an empty or 500-character directory name, a duplicate, and bad filters, with a message", async () => {
    const userId = idOf("claim");
    const before = await tableCounts();
    const empty = await call("claim", "POST", `/api/request/${enc("  ")}&${userId}/addRequestDirectory`);
    expect([empty.statusCode, empty.json().message]).toEqual([400, "Please enter a directory name."]);
    const long = await call("claim", "POST", `/api/request/${"x".repeat(500)}&${userId}/addRequestDirectory`);
    expect([long.statusCode, long.json().message]).toEqual([
      400,
      "A directory name has at most 200 characters.",
    ]);
    expect((await call("claim", "POST", `/api/request/Twice&${userId}/addRequestDirectory`)).statusCode).toBe(
      200,
    );
    const twice = await call("claim", "POST", `/api/request/Twice&${userId}/addRequestDirectory`);
    expect([twice.statusCode, twice.json().message]).toEqual([
      409,
      "You already have a directory with that name.",
    ]);
    const { queryUUID } = (await call("claim", "GET", "/api/request/getNextQueryUUID")).json();
    const bad = await call("claim", "POST", `/api/request/${queryUUID}/saveFilters`, {
      filters: { filters: [{ field: "x" }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/type/);
    expect((await call("claim", "POST", `/api/request/1&x/deleteRequestDirectory`)).json().message).toBe(
      "userId must be a whole number.",
    );
    const [queries, directories, saved] = await tableCounts();
    expect([queries, directories, saved]).toEqual([before[0] + 1, before[1] + 1, before[2]]);
  });

  it("lets one of two saves into the same directory at the same moment win and tells the other, changing nothing else", async () => {
    const userId = idOf("admin");
    const directory = (await call("admin", "POST", `/api/request/Race&${userId}/addRequestDirectory`)).json();
    const uuids: string[] = [];
    for (const _ of [1, 2]) {
      const { queryUUID } = (await call("admin", "GET", "/api/request/getNextQueryUUID")).json();
      await call("admin", "POST", `/api/request/${queryUUID}/saveFilters`, { filters });
      uuids.push(queryUUID);
    }
    // Two staff (the admin, and the admin acting in a second browser) file under one name at once.
    const answers = await Promise.all(
      uuids.map((uuid) =>
        call("admin", "POST", `/api/request/${uuid}&${userId}&Same%20name&${directory.id}/saveUserFilter`),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409);
    expect(loser?.json().message).toMatch(/same moment|already in this directory/);
    const listed = (await call("admin", "GET", `/api/request/${userId}/getUserRequestDirectories`)).json();
    expect(listed.find((d: { id: number }) => d.id === directory.id).requests).toHaveLength(1);
  });
});
