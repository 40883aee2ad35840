import { insertTestAccount, openTestDataRoom, testEngines } from "@aea/core/testing";
import { isSold, type Listing, QA_TEXTS } from "@aea/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { serveTestApp } from "../../testing/test-app.ts";

describe.each(testEngines())("data-room Q&A over HTTP ($name)", (engine) => {
  const served = serveTestApp(engine, { SEED_DEMO_ACCOUNTS: "false" }, { withWebApp: false });
  let listing: Listing;
  const cookies: Record<"asker" | "other" | "admin", string> = { asker: "", other: "", admin: "" };
  let askerEmail: string;

  const signIn = async (email: string, password: string) => {
    const login = await served.core.logins.login(email, password, false);
    if (login.status !== "ok") throw new Error("no login");
    return `aea_session=${login.token}`;
  };
  const call = (who: keyof typeof cookies, method: "GET" | "POST", url: string, payload?: object) =>
    served.app.inject({
      method,
      url,
      payload,
      headers: { cookie: cookies[who], origin: served.core.config.publicUrl },
    });

  beforeAll(async () => {
    listing = (await served.core.listings.publicListings()).find((l) => l.hasVDR && !isSold(l)) as Listing;
    const asker = await insertTestAccount(served.core, {
      password: "Asker123!",
      firstName: "Astrid",
      lastName: "Asker",
    });
    askerEmail = asker.email;
    const other = await insertTestAccount(served.core, { password: "Other123!" });
    const admin = await insertTestAccount(served.core, { password: "Admin123!", isAdmin: true });
    await openTestDataRoom(served.core, asker.id, listing.ListingId);
    await openTestDataRoom(served.core, other.id, listing.ListingId);
    cookies.asker = await signIn(asker.email, "Asker123!");
    cookies.other = await signIn(other.email, "Other123!");
    cookies.admin = await signIn(admin.email, "Admin123!");
  });

  it("answers bad input with 400 naming the field, and stores nothing", async () => {
    const noText = await call("asker", "POST", "/api/data-room-questions/Ask", {
      listingId: listing.ListingId,
      category: "land",
    });
    expect(noText.statusCode).toBe(400);
    expect(noText.json().issues).toContainEqual({ path: "/text", message: "Type your question." });
    const badCategory = await call("asker", "POST", "/api/data-room-questions/Ask", {
      listingId: listing.ListingId,
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
      `/api/data-room-questions/Queue?listingId=${listing.ListingId}&olderThanDays=soon`,
    );
    expect(badAge.statusCode).toBe(400);
    expect(badAge.json().issues[0].path).toBe("/olderThanDays");
    const room = await call("asker", "GET", `/api/data-room-questions/Room?listingId=${listing.ListingId}`);
    expect(room.json().mine).toEqual([]);
  });

  it("asks, shows staff the asker, publishes without the asker's name, and refuses a buyer the queue", async () => {
    const asked = await call("asker", "POST", "/api/data-room-questions/Ask", {
      listingId: listing.ListingId,
      text: "Is the saltwater disposal well permitted?",
      category: "environmental",
      priority: "high",
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ message: QA_TEXTS.asked, question: { status: "new" } });
    const questionId = asked.json().question.id;

    expect(
      (await call("asker", "GET", `/api/data-room-questions/Queue?listingId=${listing.ListingId}`))
        .statusCode,
    ).toBe(403);
    const queue = await call(
      "admin",
      "GET",
      `/api/data-room-questions/Queue?listingId=${listing.ListingId}&status=new&category=environmental`,
    );
    expect(queue.json().questions).toMatchObject([{ id: questionId, askerEmail, priority: "high" }]);

    const answered = await call("admin", "POST", "/api/data-room-questions/Answer", {
      listingId: listing.ListingId,
      questionId,
      answer: "Yes, permit in folder 2 Land.",
      visibility: "faq",
    });
    expect(answered.json()).toEqual({ message: QA_TEXTS.published, status: "published" });

    const seen = await call("other", "GET", `/api/data-room-questions/Room?listingId=${listing.ListingId}`);
    expect(seen.json().faq).toMatchObject([{ id: questionId, answer: "Yes, permit in folder 2 Land." }]);
    expect(seen.body).not.toContain(askerEmail);
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
