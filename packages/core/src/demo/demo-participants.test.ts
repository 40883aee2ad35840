import { INTEREST_REGIONS } from "@aea/domain";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { coreForSuite } from "../testing/suite.ts";
import { testEngines } from "../testing/test-cores.ts";
import { testDatabase } from "../testing/test-database.ts";
import {
  DEMO_PARTICIPANT_DOMAIN,
  generateDemoParticipants,
  UNUSABLE_PASSWORD_HASH,
} from "./demo-participants.ts";
import { DEMO_QUERY_DIRECTORY, DEMO_SAVED_QUERIES } from "./demo-saved-queries.ts";

describe.each(testEngines())("the demo's generated buyer network on $name", (engine) => {
  const suite = coreForSuite(engine, { SEED_DEMO_PARTICIPANTS: "true" });

  it("holds at least 2,000 buyers with varied companies, regions, agreements and data-room visits", async () => {
    const { db } = testDatabase(suite.core);
    const generated = await db
      .selectFrom("users")
      .select([
        (eb) => eb.fn.countAll().as("accounts"),
        (eb) => eb.fn.count(sql`distinct "companyName"`).as("companies"),
        (eb) => eb.fn.count(sql`distinct "companyLocationState"`).as("states"),
      ])
      .where("email", "like", `%@${DEMO_PARTICIPANT_DOMAIN}`)
      .where("isAdmin", "=", 0)
      .where("hasClaimAD", "=", 0)
      .executeTakeFirstOrThrow();
    expect(Number(generated.accounts)).toBeGreaterThanOrEqual(2000);
    expect(Number(generated.companies)).toBeGreaterThan(200);
    expect(Number(generated.states)).toBeGreaterThanOrEqual(12);
    const count = async (table: "signed_agreements" | "data_room_grants" | "liked_listings") =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count("signed_agreements")).toBeGreaterThan(500);
    expect(await count("data_room_grants")).toBeGreaterThan(800);
    expect(await count("liked_listings")).toBeGreaterThan(1000);
    const downloads = await db
      .selectFrom("data_room_events")
      .select((eb) => eb.fn.count(sql`distinct "userId"`).as("n"))
      .where("event", "=", "file-downloaded")
      .executeTakeFirstOrThrow();
    expect(Number(downloads.n)).toBeGreaterThan(200);
    const regions = new Set(
      (await db.selectFrom("user_interests").select("interests").execute()).flatMap(
        (row) => (JSON.parse(row.interests) as { selectedRegions: string[] }).selectedRegions,
      ),
    );
    expect([...regions].sort()).toEqual([...INTEREST_REGIONS].sort());
  });

  it("adds up, in the participant facets, to what the tables hold for buyers", async () => {
    const { db } = testDatabase(suite.core);
    const answer = await suite.core.facets.query("participant", {
      stats: ["agreementsSigned", "likesCount", "dataRoomGrants"],
      size: 0,
    });
    const buyers = (table: "signed_agreements" | "liked_listings" | "data_room_grants") =>
      db
        .selectFrom(`${table} as t` as "signed_agreements as t")
        .innerJoin("users as u", "u.id", "t.userId")
        .where("u.isAdmin", "=", 0)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    const accounts = await db
      .selectFrom("users")
      .where("isAdmin", "=", 0)
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(answer.response.numFound).toBe(Number(accounts.n));
    expect(answer.stats.agreementsSigned?.sum).toBe(await buyers("signed_agreements"));
    expect(answer.stats.likesCount?.sum).toBe(await buyers("liked_listings"));
    expect(answer.stats.dataRoomGrants?.sum).toBe(await buyers("data_room_grants"));
  });

  it("looks at the rooms' own files and folders, so the folder heat map shows real shares", async () => {
    const admin = await suite.core.accounts.findUserByEmail("admin@anticline.test");
    if (!admin) throw new Error("no demo admin");
    await suite.core.engagement.recompute();
    const rooms = await testDatabase(suite.core)
      .db.selectFrom("data_room_engagement")
      .select("ListingId")
      .groupBy("ListingId")
      .orderBy((eb) => eb.fn.countAll(), "desc")
      .execute();
    const board = await suite.core.engagement.forListing(
      suite.core.sessions.sessionUser(admin),
      Number(rooms[0]?.ListingId),
    );
    const shares = board.folders.map((f) => f.share);
    // The overview is opened by more buyers than the deeper folders, and by some but not all.
    const overview = board.folders.find((f) => f.name === "Overview");
    expect(overview?.share).toBeGreaterThan(0.2);
    expect(overview?.share).toBeLessThan(1);
    expect(shares.filter((share) => share > 0).length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...shares)).toBe(overview?.share);
  });

  it("lets none of them log in, whatever password is tried", async () => {
    const { db } = testDatabase(suite.core);
    const someone = await db
      .selectFrom("users")
      .select(["email", "passwordHash"])
      .where("email", "like", `%@${DEMO_PARTICIPANT_DOMAIN}`)
      .where("verified", "=", 1)
      .executeTakeFirstOrThrow();
    expect(someone.passwordHash).toBe(UNUSABLE_PASSWORD_HASH);
    for (const password of ["", "Buyer123!", UNUSABLE_PASSWORD_HASH, "!generated-demo-participant"]) {
      const login = await suite.core.logins.login(someone.email, password, false);
      expect(login.status, password).not.toBe("ok");
    }
  });

  it("gives the demo admin two saved queries in a directory, loadable by their QueryUUIDs", async () => {
    const admin = await suite.core.accounts.findUserByEmail("admin@anticline.test");
    if (!admin) throw new Error("no demo admin");
    const actor = { id: admin.id, isAdmin: true, hasClaimAD: false, impersonatorId: null };
    const directories = await suite.core.savedQueries.directories(actor, admin.id);
    expect(directories.map((d) => [d.directorytName, d.requests.map((r) => r.requestName).sort()])).toEqual([
      [DEMO_QUERY_DIRECTORY, DEMO_SAVED_QUERIES.map((q) => q.name).sort()],
    ]);
    for (const query of DEMO_SAVED_QUERIES) {
      expect(await suite.core.savedQueries.filters(actor, query.queryUUID)).toEqual(query.request);
      // Each finds buyers in the participant facets: its fields and values are the dataset's own.
      const results = await suite.core.facets.query("participant", { filters: query.request.filters });
      expect(results.response.numFound, query.name).toBeGreaterThan(0);
    }
  });
});

describe("the generated buyers", () => {
  it("are the same for the same seed and clock, so every demo shows the same network", () => {
    const deals = { withDataRoom: [1, 2, 3, 4], publicIds: [1, 2, 3, 4, 5, 6], privateIds: [7, 8] };
    const now = Date.parse("2030-01-01T00:00:00Z");
    expect(generateDemoParticipants(deals, now, 50)).toEqual(generateDemoParticipants(deals, now, 50));
    expect(new Set(generateDemoParticipants(deals, now, 500).map((p) => p.email)).size).toBe(500);
  });
});
