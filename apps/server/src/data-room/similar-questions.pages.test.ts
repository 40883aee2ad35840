import { SESSION_COOKIE } from "@aea/core";
import { insertTestAccount, openTestDataRoom, testEngines } from "@aea/core/testing";
import { isSold, QUESTION_MAX_LENGTH, similarQuestionsPath } from "@aea/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { serveTestApp } from "../testing/test-app.ts";

const PASSWORD = "Right2030";

/**
 * What the ask form reads while a buyer types (GET …/data-room/questions/similar?text=): the room's
 * published questions like the draft, best first, never a draft the form could not send. Who may ask
 * at all is the data-room access matrix's (data-room-matrix-requests.ts).
 */
describe.each(testEngines())("published questions like a draft on $name", (engine) => {
  const served = serveTestApp(engine, { SEED_DEMO_ACCOUNTS: "false" });
  let listingId = 0;
  let cookie = "";

  beforeAll(async () => {
    const { core } = served;
    const listing = (await core.listings.publicListings()).find((l) => l.hasVDR && !isSold(l));
    if (!listing) throw new Error("the demo data has no public deal with a data room");
    listingId = listing.ListingId;
    const admin = core.sessions.sessionUser(
      await insertTestAccount(core, { password: PASSWORD, isAdmin: true }),
    );
    const asker = await insertTestAccount(core, { password: PASSWORD, firstName: "Ann" });
    const reader = await insertTestAccount(core, { password: PASSWORD, firstName: "Rob" });
    for (const buyer of [asker, reader]) await openTestDataRoom(core, buyer.id, listingId);
    const asked = await core.dataRoomQuestions.ask(
      core.sessions.sessionUser(asker),
      listingId,
      { text: "What is the decline rate of the Wolfcamp wells?", category: "production", priority: "normal" },
      null,
    );
    await core.dataRoomQuestions.answer(
      admin,
      listingId,
      { questionId: asked.id, answer: "About 18% a year.", visibility: "faq" },
      null,
    );
    const login = await core.logins.login(reader.email, PASSWORD, false);
    if (login.status !== "ok") throw new Error(login.status);
    cookie = `${SESSION_COOKIE}=${login.token}`;
  });

  const get = (url: string) => served.app.inject({ method: "GET", url, headers: { cookie } });

  it("answers the published questions like the draft, privately", async () => {
    const reply = await get(similarQuestionsPath(listingId, "Wolfcamp decline rate"));
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["cache-control"]).toContain("no-store");
    expect(reply.json().similar).toMatchObject([
      { text: "What is the decline rate of the Wolfcamp wells?", answer: "About 18% a year." },
    ]);
    expect((await get(similarQuestionsPath(listingId, "water disposal costs"))).json()).toEqual({
      similar: [],
    });
  });

  it("refuses a draft longer than a question may be, and a missing one, with why", async () => {
    const long = await get(similarQuestionsPath(listingId, "w".repeat(QUESTION_MAX_LENGTH + 1)));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: `A question is at most ${QUESTION_MAX_LENGTH} characters.` });
    const none = await get(`/deals/${listingId}/data-room/questions/similar`);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: "Type the question to compare." });
  });
});
