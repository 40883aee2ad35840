import { isSold, type Listing, QA_TEXTS, type SessionUser } from "@aea/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../clock.ts";
import { insertTestStaff } from "../../testing/test-accounts.ts";
import { testEngines } from "../../testing/test-cores.ts";
import { buyersRoomForSuite } from "../documents/room-test-fixture.ts";

const IP = "198.51.100.7";

describe.each(testEngines())("data-room Q&A on $name", (engine) => {
  const clock = new ManualClock(Date.parse("2031-06-10T09:00:00.000Z"));
  const room = buyersRoomForSuite(engine, {
    clock,
    buyers: { asker: ["Quinn", "Asker"], otherBuyer: ["Olga", "Other"] },
  });
  const { mailsTo, runAllJobs } = room;
  // A second member of staff, to answer the same question at once.
  let secondAdmin: SessionUser;

  const ask = (who: SessionUser, text: string, extra: Record<string, unknown> = {}) =>
    room.core.dataRoomQuestions.ask(
      who,
      room.listing.ListingId,
      { text, category: "production", priority: "normal", ...extra },
      IP,
    );

  beforeAll(async () => {
    secondAdmin = await insertTestStaff(room.core);
  });

  it("refuses a buyer who has not signed the agreement, and someone viewing as a buyer", async () => {
    await expect(ask(room.unsigned, "What is the decline rate?")).rejects.toMatchObject({
      status: 403,
      message: QA_TEXTS.noAgreement,
    });
    await expect(
      ask({ ...room.asker, impersonatorId: room.admin.id }, "What is the decline?"),
    ).rejects.toMatchObject({
      code: "IMPERSONATING",
      status: 403,
    });
    expect((await room.core.dataRoomQuestions.view(room.asker, room.listing.ListingId)).mine).toHaveLength(0);
  });

  it("answers privately to the asker only: another buyer sees neither the question nor the answer", async () => {
    const question = await ask(room.asker, "What is the current decline rate of the Wolfcamp wells?");
    expect(question.status).toBe("new");
    await room.core.dataRoomQuestions.take(room.admin, room.listing.ListingId, question.id, IP);
    const queue = await room.core.dataRoomQuestions.queue(room.admin, room.listing.ListingId, {
      status: "in-progress",
    });
    expect(queue.questions.map((q) => [q.id, q.askerEmail])).toEqual([[question.id, room.asker.email]]);

    await room.core.dataRoomQuestions.answer(
      room.admin,
      room.listing.ListingId,
      { questionId: question.id, answer: "About 18% a year, see the reserve report.", visibility: "private" },
      IP,
    );
    // A second member of staff answering the same question at once changes nothing.
    await expect(
      room.core.dataRoomQuestions.answer(
        secondAdmin,
        room.listing.ListingId,
        { questionId: question.id, answer: "Something else", visibility: "private" },
        IP,
      ),
    ).rejects.toMatchObject({ status: 409, message: QA_TEXTS.alreadyAnswered });

    const mine = await room.core.dataRoomQuestions.view(room.asker, room.listing.ListingId);
    expect(mine.mine[0]).toMatchObject({
      status: "answered",
      answer: "About 18% a year, see the reserve report.",
    });
    const theirs = await room.core.dataRoomQuestions.view(room.otherBuyer, room.listing.ListingId);
    expect(JSON.stringify(theirs)).not.toContain("18% a year");
    expect(JSON.stringify(theirs)).not.toContain("Wolfcamp");

    expect(await mailsTo(room.asker.email)).toHaveLength(0); // mail goes from the background job
    await runAllJobs();
    const mails = await mailsTo(room.asker.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("About 18% a year");
    expect(mails[0]?.text).toContain("/data-room-questions/unsubscribe?token=");
    expect(await mailsTo(room.otherBuyer.email)).toHaveLength(0);
  });

  it("publishes an FAQ to every buyer of the room without the asker's name, and finds it as similar", async () => {
    const question = await ask(
      room.asker,
      "Are there any pending title disputes on the Reeves County leases?",
      {
        category: "title",
      },
    );
    await room.core.dataRoomQuestions.answer(
      room.admin,
      room.listing.ListingId,
      { questionId: question.id, answer: "No disputes are pending.", visibility: "faq" },
      IP,
    );
    const view = await room.core.dataRoomQuestions.view(room.otherBuyer, room.listing.ListingId);
    expect(view.faq.map((q) => q.answer)).toEqual(["No disputes are pending."]);
    const seen = JSON.stringify(view);
    for (const name of [room.asker.email, "Quinn", "Asker"]) expect(seen).not.toContain(name);
    expect(view.faq[0]).not.toHaveProperty("askerId");

    const similar = await room.core.dataRoomQuestions.similar(
      room.otherBuyer,
      room.listing.ListingId,
      "title disputes Reeves leases?",
    );
    expect(similar.map((q) => q.id)).toEqual([question.id]);
    expect(
      await room.core.dataRoomQuestions.similar(
        room.otherBuyer,
        room.listing.ListingId,
        "water disposal costs",
      ),
    ).toEqual([]);

    await runAllJobs();
    const mails = await mailsTo(room.otherBuyer.email);
    expect(mails.map((m) => m.subject)).toEqual([`New answer in the ${room.listing.Header} data room`]);
    expect(mails[0]?.text).not.toContain(room.asker.email);
  });

  it("a buyer who unsubscribed gets no more Q&A mail", async () => {
    const url = await room.core.dataRoomQuestions.unsubscribeUrl(room.otherBuyer.id);
    const token = new URL(url).searchParams.get("token") as string;
    expect(await room.core.dataRoomQuestions.unsubscribe(`${token}x`)).toBe(false);
    expect(await room.core.dataRoomQuestions.unsubscribe(token)).toBe(true);
    const question = await ask(room.asker, "What are the plugging liabilities?", {
      category: "environmental",
    });
    await room.core.dataRoomQuestions.answer(
      room.admin,
      room.listing.ListingId,
      { questionId: question.id, answer: "Twelve wells, estimates in folder 5.", visibility: "faq" },
      IP,
    );
    await runAllJobs();
    expect(await mailsTo(room.otherBuyer.email)).toHaveLength(1); // only the FAQ before unsubscribing
  });

  it("refuses a question over the per-buyer limit and after the deadline, saying so", async () => {
    const asked = (await room.core.dataRoomQuestions.view(room.asker, room.listing.ListingId)).asked;
    await room.core.dataRoomQuestions.setLimits(
      room.admin,
      room.listing.ListingId,
      { maxPerBuyer: asked },
      IP,
    );
    await expect(ask(room.asker, "One more?")).rejects.toMatchObject({
      code: "QUESTION_LIMIT_REACHED",
      status: 409,
      message: QA_TEXTS.limitReached(asked),
    });
    expect((await room.core.dataRoomQuestions.view(room.asker, room.listing.ListingId)).cannotAsk).toBe(
      QA_TEXTS.limitReached(asked),
    );

    await room.core.dataRoomQuestions.setLimits(
      room.admin,
      room.listing.ListingId,
      { deadline: "2031-06-10T08:00:00.000Z" },
      IP,
    );
    await expect(ask(room.otherBuyer, "Too late?")).rejects.toMatchObject({
      code: "QUESTIONS_CLOSED",
      message: "Questions closed on 2031-06-10 08:00 UTC: no more questions are taken for this deal.",
    });
    await room.core.dataRoomQuestions.setLimits(room.admin, room.listing.ListingId, {}, IP);
    await expect(ask(room.otherBuyer, "Open again?")).resolves.toMatchObject({ status: "new" });
  });

  it("lets only staff see the queue and answer, and puts every step in the room's activity", async () => {
    await expect(
      room.core.dataRoomQuestions.queue(room.asker, room.listing.ListingId, {}),
    ).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      room.core.dataRoomQuestions.queue(
        { ...room.admin, isAdmin: false, impersonatorId: null },
        room.listing.ListingId,
        {},
      ),
    ).rejects.toMatchObject({ status: 404 });
    const filtered = await room.core.dataRoomQuestions.queue(room.admin, room.listing.ListingId, {
      category: "title",
      buyer: room.asker.id,
    });
    expect(filtered.questions.map((q) => q.status)).toEqual(["published"]);
    clock.advance(3 * 86_400_000);
    const older = await room.core.dataRoomQuestions.queue(room.admin, room.listing.ListingId, {
      olderThanDays: 2,
    });
    expect(older.questions.length).toBeGreaterThan(0);
    expect(
      (await room.core.dataRoomQuestions.queue(room.admin, room.listing.ListingId, { olderThanDays: 5 }))
        .questions,
    ).toEqual([]);

    const activity = await room.core.dataRoomActivity.forListing(room.admin, room.listing.ListingId, {
      page: 1,
    });
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
    const question = await ask(room.asker, "Which report carries the PV10 by well?");
    const [first, second] = await room.core.dataRoomQuestions.roomFiles(room.admin, room.listing.ListingId);
    if (!first || !second) throw new Error("the demo room has fewer than two files");
    const otherRoom = (await room.core.listings.publicListings()).find(
      (l) => l.hasVDR && !isSold(l) && l.ListingId !== room.listing.ListingId,
    ) as Listing;
    const [foreign] = await room.core.dataRoomQuestions.roomFiles(room.admin, otherRoom.ListingId);
    if (!foreign) throw new Error("the other demo room has no files");
    const answerCiting = (fileIds: number[]) =>
      room.core.dataRoomQuestions.answer(
        room.admin,
        room.listing.ListingId,
        { questionId: question.id, answer: "See the reserve report.", visibility: "faq", fileIds },
        IP,
      );

    await expect(answerCiting([first.id, foreign.id])).rejects.toMatchObject({
      status: 400,
      message: QA_TEXTS.citeRoomFiles,
    });
    const untouched = (await room.core.dataRoomQuestions.view(room.asker, room.listing.ListingId)).mine.find(
      (q) => q.id === question.id,
    );
    expect(untouched).toMatchObject({ status: "new", answer: null, citedFiles: [] });

    await answerCiting([second.id, first.id, first.id]);
    // Each cited once, whatever their order.
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    const cited = [first, second].map((f) => ({ id: f.id, name: f.name })).sort(byId);
    const mine = (await room.core.dataRoomQuestions.view(room.asker, room.listing.ListingId)).mine.find(
      (q) => q.id === question.id,
    );
    expect([...(mine?.citedFiles ?? [])].sort(byId)).toEqual(cited);
    const faq = (await room.core.dataRoomQuestions.view(room.otherBuyer, room.listing.ListingId)).faq.find(
      (q) => q.id === question.id,
    );
    expect([...(faq?.citedFiles ?? [])].sort(byId)).toEqual(cited);
  });
});
