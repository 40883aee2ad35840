import { isSold, type Listing, QA_TEXTS, type SessionUser } from "@aea/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../clock.ts";
import type { Core } from "../../core.ts";
import { insertTestAccount, openTestDataRoom } from "../../testing/test-accounts.ts";
import { testEngines } from "../../testing/test-cores.ts";
import { testDatabase } from "../../testing/test-database.ts";
import { dataRoomStores } from "../data-room-stores.ts";

const IP = "198.51.100.7";

describe.each(testEngines())("data-room Q&A on $name", (engine) => {
  let core: Core;
  let listing: Listing;
  let admin: SessionUser;
  let secondAdmin: SessionUser;
  let asker: SessionUser;
  let otherBuyer: SessionUser;
  let unsigned: SessionUser;
  const clock = new ManualClock(Date.parse("2031-06-10T09:00:00.000Z"));

  const runAllJobs = async () => {
    while ((await core.jobs.runDue()) > 0) {}
  };
  const mailsTo = async (email: string) =>
    testDatabase(core)
      .db.selectFrom("mail_outbox")
      .select(["subject", "text"])
      .where("to", "=", email)
      .orderBy("id")
      .execute();
  const buyer = async (firstName: string, lastName: string) =>
    core.sessions.sessionUser(await insertTestAccount(core, { password: "Right2030", firstName, lastName }));
  const ask = (who: SessionUser, text: string, extra: Record<string, unknown> = {}) =>
    core.dataRoomQuestions.ask(
      who,
      listing.ListingId,
      { text, category: "production", priority: "normal", ...extra },
      IP,
    );

  beforeAll(async () => {
    core = await engine.create({ SEED_DEMO_ACCOUNTS: "false" }, { clock });
    listing = (await core.listings.publicListings()).find((l) => l.hasVDR && !isSold(l)) as Listing;
    const staff = await insertTestAccount(core, { password: "Right2030", isAdmin: true });
    const staff2 = await insertTestAccount(core, { password: "Right2030", isAdmin: true });
    admin = core.sessions.sessionUser(staff);
    secondAdmin = core.sessions.sessionUser(staff2);
    asker = await buyer("Quinn", "Asker");
    otherBuyer = await buyer("Olga", "Other");
    unsigned = await buyer("Una", "Unsigned");
    await openTestDataRoom(core, asker.id, listing.ListingId);
    await openTestDataRoom(core, otherBuyer.id, listing.ListingId);
    // Let in by code, but the agreement is not signed yet.
    await dataRoomStores(testDatabase(core).db).dataRoomGrants.grant({
      userId: unsigned.id,
      ListingId: listing.ListingId,
      via: "code",
      grantedBy: null,
      grantedAt: new Date(clock.now()).toISOString(),
    });
  });
  afterAll(() => core.close());

  it("refuses a buyer who has not signed the agreement, and someone viewing as a buyer", async () => {
    await expect(ask(unsigned, "What is the decline rate?")).rejects.toMatchObject({
      status: 403,
      message: QA_TEXTS.noAgreement,
    });
    await expect(ask({ ...asker, impersonatorId: admin.id }, "What is the decline?")).rejects.toMatchObject({
      code: "IMPERSONATING",
      status: 403,
    });
    expect((await core.dataRoomQuestions.view(asker, listing.ListingId)).mine).toHaveLength(0);
  });

  it("answers privately to the asker only: another buyer sees neither the question nor the answer", async () => {
    const question = await ask(asker, "What is the current decline rate of the Wolfcamp wells?");
    expect(question.status).toBe("new");
    await core.dataRoomQuestions.take(admin, listing.ListingId, question.id, IP);
    const queue = await core.dataRoomQuestions.queue(admin, listing.ListingId, { status: "in-progress" });
    expect(queue.questions.map((q) => [q.id, q.askerEmail])).toEqual([[question.id, asker.email]]);

    await core.dataRoomQuestions.answer(
      admin,
      listing.ListingId,
      { questionId: question.id, answer: "About 18% a year, see the reserve report.", visibility: "private" },
      IP,
    );
    // A second member of staff answering the same question at once changes nothing.
    await expect(
      core.dataRoomQuestions.answer(
        secondAdmin,
        listing.ListingId,
        { questionId: question.id, answer: "Something else", visibility: "private" },
        IP,
      ),
    ).rejects.toMatchObject({ status: 409, message: QA_TEXTS.alreadyAnswered });

    const mine = await core.dataRoomQuestions.view(asker, listing.ListingId);
    expect(mine.mine[0]).toMatchObject({
      status: "answered",
      answer: "About 18% a year, see the reserve report.",
    });
    const theirs = await core.dataRoomQuestions.view(otherBuyer, listing.ListingId);
    expect(JSON.stringify(theirs)).not.toContain("18% a year");
    expect(JSON.stringify(theirs)).not.toContain("Wolfcamp");

    expect(await mailsTo(asker.email)).toHaveLength(0); // mail goes from the background job
    await runAllJobs();
    const mails = await mailsTo(asker.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("About 18% a year");
    expect(mails[0]?.text).toContain("/data-room-questions/unsubscribe?token=");
    expect(await mailsTo(otherBuyer.email)).toHaveLength(0);
  });

  it("publishes an FAQ to every buyer of the room without the asker's name, and finds it as similar", async () => {
    const question = await ask(asker, "Are there any pending title disputes on the Reeves County leases?", {
      category: "title",
    });
    await core.dataRoomQuestions.answer(
      admin,
      listing.ListingId,
      { questionId: question.id, answer: "No disputes are pending.", visibility: "faq" },
      IP,
    );
    const view = await core.dataRoomQuestions.view(otherBuyer, listing.ListingId);
    expect(view.faq.map((q) => q.answer)).toEqual(["No disputes are pending."]);
    const seen = JSON.stringify(view);
    for (const name of [asker.email, "Quinn", "Asker"]) expect(seen).not.toContain(name);
    expect(view.faq[0]).not.toHaveProperty("askerId");

    const similar = await core.dataRoomQuestions.similar(
      otherBuyer,
      listing.ListingId,
      "title disputes Reeves leases?",
    );
    expect(similar.map((q) => q.id)).toEqual([question.id]);
    expect(
      await core.dataRoomQuestions.similar(otherBuyer, listing.ListingId, "water disposal costs"),
    ).toEqual([]);

    await runAllJobs();
    const mails = await mailsTo(otherBuyer.email);
    expect(mails.map((m) => m.subject)).toEqual([`New answer in the ${listing.Header} data room`]);
    expect(mails[0]?.text).not.toContain(asker.email);
  });

  it("a buyer who unsubscribed gets no more Q&A mail", async () => {
    const url = await core.dataRoomQuestions.unsubscribeUrl(otherBuyer.id);
    const token = new URL(url).searchParams.get("token") as string;
    expect(await core.dataRoomQuestions.unsubscribe(`${token}x`)).toBe(false);
    expect(await core.dataRoomQuestions.unsubscribe(token)).toBe(true);
    const question = await ask(asker, "What are the plugging liabilities?", { category: "environmental" });
    await core.dataRoomQuestions.answer(
      admin,
      listing.ListingId,
      { questionId: question.id, answer: "Twelve wells, estimates in folder 5.", visibility: "faq" },
      IP,
    );
    await runAllJobs();
    expect(await mailsTo(otherBuyer.email)).toHaveLength(1); // only the FAQ before unsubscribing
  });

  it("refuses a question over the per-buyer limit and after the deadline, saying so", async () => {
    const asked = (await core.dataRoomQuestions.view(asker, listing.ListingId)).asked;
    await core.dataRoomQuestions.setLimits(admin, listing.ListingId, { maxPerBuyer: asked }, IP);
    await expect(ask(asker, "One more?")).rejects.toMatchObject({
      code: "QUESTION_LIMIT_REACHED",
      status: 409,
      message: QA_TEXTS.limitReached(asked),
    });
    expect((await core.dataRoomQuestions.view(asker, listing.ListingId)).cannotAsk).toBe(
      QA_TEXTS.limitReached(asked),
    );

    await core.dataRoomQuestions.setLimits(
      admin,
      listing.ListingId,
      { deadline: "2031-06-10T08:00:00.000Z" },
      IP,
    );
    await expect(ask(otherBuyer, "Too late?")).rejects.toMatchObject({
      code: "QUESTIONS_CLOSED",
      message: "Questions closed on 2031-06-10 08:00 UTC: no more questions are taken for this deal.",
    });
    await core.dataRoomQuestions.setLimits(admin, listing.ListingId, {}, IP);
    await expect(ask(otherBuyer, "Open again?")).resolves.toMatchObject({ status: "new" });
  });

  it("lets only staff see the queue and answer, and puts every step in the room's activity", async () => {
    await expect(core.dataRoomQuestions.queue(asker, listing.ListingId, {})).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      core.dataRoomQuestions.queue({ ...admin, isAdmin: false, impersonatorId: null }, listing.ListingId, {}),
    ).rejects.toMatchObject({ status: 404 });
    const filtered = await core.dataRoomQuestions.queue(admin, listing.ListingId, {
      category: "title",
      buyer: asker.id,
    });
    expect(filtered.questions.map((q) => q.status)).toEqual(["published"]);
    clock.advance(3 * 86_400_000);
    const older = await core.dataRoomQuestions.queue(admin, listing.ListingId, { olderThanDays: 2 });
    expect(older.questions.length).toBeGreaterThan(0);
    expect(
      (await core.dataRoomQuestions.queue(admin, listing.ListingId, { olderThanDays: 5 })).questions,
    ).toEqual([]);

    const activity = await core.dataRoomActivity.forListing(admin, listing.ListingId, { page: 1 });
    const events = new Set(activity.entries.map((e) => e.event));
    for (const event of [
      "question-asked",
      "question-taken",
      "question-answered",
      "question-published",
      "question-limits-changed",
    ])
      expect(events).toContain(event);
  });

  it("cites files of the room in an answer, for the asker and the FAQ; a file of another room changes nothing", async () => {
    const question = await ask(asker, "Which report carries the PV10 by well?");
    const [first, second] = await core.dataRoomQuestions.roomFiles(admin, listing.ListingId);
    if (!first || !second) throw new Error("the demo room has fewer than two files");
    const otherRoom = (await core.listings.publicListings()).find(
      (l) => l.hasVDR && !isSold(l) && l.ListingId !== listing.ListingId,
    ) as Listing;
    const [foreign] = await core.dataRoomQuestions.roomFiles(admin, otherRoom.ListingId);
    if (!foreign) throw new Error("the other demo room has no files");
    const answerCiting = (fileIds: number[]) =>
      core.dataRoomQuestions.answer(
        admin,
        listing.ListingId,
        { questionId: question.id, answer: "See the reserve report.", visibility: "faq", fileIds },
        IP,
      );

    await expect(answerCiting([first.id, foreign.id])).rejects.toMatchObject({
      status: 400,
      message: QA_TEXTS.citeRoomFiles,
    });
    const untouched = (await core.dataRoomQuestions.view(asker, listing.ListingId)).mine.find(
      (q) => q.id === question.id,
    );
    expect(untouched).toMatchObject({ status: "new", answer: null, citedFiles: [] });

    await answerCiting([second.id, first.id, first.id]);
    // Each cited once, whatever their order.
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    const cited = [first, second].map((f) => ({ id: f.id, name: f.name })).sort(byId);
    const mine = (await core.dataRoomQuestions.view(asker, listing.ListingId)).mine.find(
      (q) => q.id === question.id,
    );
    expect([...(mine?.citedFiles ?? [])].sort(byId)).toEqual(cited);
    const faq = (await core.dataRoomQuestions.view(otherBuyer, listing.ListingId)).faq.find(
      (q) => q.id === question.id,
    );
    expect([...(faq?.citedFiles ?? [])].sort(byId)).toEqual(cited);
  });
});
