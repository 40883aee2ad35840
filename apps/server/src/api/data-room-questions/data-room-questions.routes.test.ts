import { testEngines } from "@aea/core/testing";
import { QA_TEXTS } from "@aea/domain";
import { describe, expect, it } from "vitest";
import { roomSessionsForSuite } from "../../testing/room-sessions.ts";
import { serveTestApp } from "../../testing/test-app.ts";

describe.each(testEngines())("data-room Q&A over HTTP ($name)", (engine) => {
  const served = serveTestApp(engine, { SEED_DEMO_ACCOUNTS: "false" }, { withWebApp: false });
  const dataRoom = roomSessionsForSuite(served, {
    asker: { firstName: "Astrid", lastName: "Asker" },
    other: {},
    admin: { isAdmin: true },
  });
  const { call } = dataRoom;

  it("answers bad input with 400 naming the field, and stores nothing", async () => {
    const noText = await call("asker", "POST", "/api/data-room-questions/Ask", {
      listingId: dataRoom.listingId,
      category: "land",
    });
    expect(noText.statusCode).toBe(400);
    expect(noText.json().issues).toContainEqual({ path: "/text", message: "Type your question." });
    const badCategory = await call("asker", "POST", "/api/data-room-questions/Ask", {
      listingId: dataRoom.listingId,
      text: "What about gas?",
      category: "gas",
    });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json().issues).toContainEqual({
      path: "/category",
      message: "Choose a category from the list.",
    });
    const badAge = await call(
      "admin",
      "GET",
      `/api/data-room-questions/Queue?listingId=${dataRoom.listingId}&olderThanDays=soon`,
    );
    expect(badAge.statusCode).toBe(400);
    expect(badAge.json().issues[0].path).toBe("/olderThanDays");
    const room = await call("asker", "GET", `/api/data-room-questions/Room?listingId=${dataRoom.listingId}`);
    expect(room.json().mine).toEqual([]);
  });

  it("asks, shows staff the asker, publishes without the asker's name, and refuses a buyer the queue", async () => {
    const asked = await call("asker", "POST", "/api/data-room-questions/Ask", {
      listingId: dataRoom.listingId,
      text: "Is the saltwater disposal well permitted?",
      category: "environmental",
      priority: "high",
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ message: QA_TEXTS.asked, question: { status: "new" } });
    const questionId = asked.json().question.id;

    expect(
      (await call("asker", "GET", `/api/data-room-questions/Queue?listingId=${dataRoom.listingId}`))
        .statusCode,
    ).toBe(403);
    const queue = await call(
      "admin",
      "GET",
      `/api/data-room-questions/Queue?listingId=${dataRoom.listingId}&status=new&category=environmental`,
    );
    expect(queue.json().questions).toMatchObject([
      { id: questionId, askerEmail: dataRoom.emails.asker, priority: "high" },
    ]);

    const answered = await call("admin", "POST", "/api/data-room-questions/Answer", {
      listingId: dataRoom.listingId,
      questionId,
      answer: "Yes, permit in folder 2 Land.",
      visibility: "faq",
    });
    expect(answered.json()).toEqual({ message: QA_TEXTS.published, status: "published" });

    const seen = await call("other", "GET", `/api/data-room-questions/Room?listingId=${dataRoom.listingId}`);
    expect(seen.json().faq).toMatchObject([{ id: questionId, answer: "Yes, permit in folder 2 Land." }]);
    expect(seen.body).not.toContain(dataRoom.emails.asker);
    expect(seen.body).not.toContain("Astrid");
    expect(seen.body).not.toContain("askerId");
  });

  it("is documented in /api/docs", async () => {
    const docs = await served.app.inject({ method: "GET", url: "/api/docs/json" });
    const paths = Object.keys(docs.json().paths);
    for (const call of ["Room", "Similar", "Ask", "Queue", "Take", "Answer", "Limits"])
      expect(paths).toContain(`/api/data-room-questions/${call}`);
  });
});
