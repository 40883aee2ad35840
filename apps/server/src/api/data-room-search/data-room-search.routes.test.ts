import { testDatabase, testEngines } from "@aea/core/testing";
import { DOCUMENT_SEARCH_TEXTS } from "@aea/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { roomSessionsForSuite } from "../../testing/room-sessions.ts";
import { serveTestApp } from "../../testing/test-app.ts";

describe.each(testEngines())("data-room search over HTTP ($name)", (engine) => {
  const served = serveTestApp(engine, { SEED_DEMO_ACCOUNTS: "false" }, { withWebApp: false });
  const dataRoom = roomSessionsForSuite(served, {
    buyer: {},
    outsider: { outsider: true },
    visitor: { anonymous: true },
  });

  const searchAs = (who: "buyer" | "outsider" | "visitor", q: string) =>
    dataRoom.call(
      who,
      "GET",
      `/api/FolderManager/SearchDocuments?listingId=${dataRoom.listingId}&q=${encodeURIComponent(q)}`,
    );
  const searchesRecorded = async () =>
    (
      await testDatabase(served.core)
        .db.selectFrom("data_room_events")
        .select("id")
        .where("event", "=", "documents-searched")
        .execute()
    ).length;

  beforeAll(async () => {
    // The demo room's documents are read by the job the start-up left.
    while ((await served.core.jobs.runDue()) > 0) {}
  });

  it("finds the demo room's documents, with pages and marked words", async () => {
    const reply = await searchAs("buyer", "reserve report summary");
    expect(reply.statusCode, reply.body).toBe(200);
    const [file] = reply.json().files;
    expect(file).toMatchObject({ name: "Reserve Report Summary.pdf", paged: true });
    expect(file.pages[0].page).toBeGreaterThanOrEqual(1);
    expect(file.pages[0].snippet.some((part: { hit: boolean }) => part.hit)).toBe(true);
  });

  it("answers a query too long, empty or without words with 400 and its message, and records nothing", async () => {
    const before = await searchesRecorded();
    for (const [q, message] of [
      ["x".repeat(10_000), DOCUMENT_SEARCH_TEXTS.tooLong],
      ["   ", DOCUMENT_SEARCH_TEXTS.empty],
      ['"*" ()', DOCUMENT_SEARCH_TEXTS.noWords],
    ] as const) {
      const reply = await searchAs("buyer", q);
      expect(reply.statusCode, q.slice(0, 20)).toBe(400);
      const body = reply.json();
      expect(body.issues?.[0]?.message ?? body.message).toBe(message);
    }
    expect(await searchesRecorded()).toBe(before);
    const syntax = await searchAs("buyer", '"reserve report" NEAR(summary, 2) OR sum*');
    expect(syntax.statusCode).toBe(200);
    expect(syntax.json().files).toEqual([]);
  });

  it("is the room's 404 for a buyer outside it", async () => {
    expect((await searchAs("outsider", "reserve")).statusCode).toBe(404);
    expect((await searchAs("visitor", "reserve")).statusCode).toBe(401);
  });

  it("is documented in /api/docs", async () => {
    const docs = await served.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(Object.keys(docs.json().paths)).toContain("/api/FolderManager/SearchDocuments");
  });
});
