import { insertTestAccount, openTestDataRoom } from "@aea/core/testing";
import { isSold, type SessionUser } from "@aea/domain";
import { type ApiWriteCase, outsideTheRoom } from "../api-write-matrix.ts";
import type { MatrixFixtures } from "../matrix-fixtures.ts";

/** The n-th public deal with a data room (0: the room no role's buyer is in; 4: the one they ask in). */
const roomId = async (f: MatrixFixtures, n: number) => {
  const deals = (await f.core.listings.publicListings()).filter((d) => d.hasVDR && !isSold(d));
  const deal = deals[n];
  if (!deal) throw new Error("the demo data lacks public deals with a data room");
  return deal.ListingId;
};

const askers = new WeakMap<MatrixFixtures, Promise<SessionUser>>();
/** A buyer of the matrix's own, in room 0 with a signed agreement, who asks the questions staff handle. */
const asker = (f: MatrixFixtures) => {
  let made = askers.get(f);
  if (!made) {
    made = (async () => {
      const account = await insertTestAccount(f.core, { password: "Asker123!" });
      await openTestDataRoom(f.core, account.id, await roomId(f, 0));
      return f.core.sessions.sessionUser(account);
    })();
    askers.set(f, made);
  }
  return made;
};

/** A new question in room 0, for one request to take or answer. */
const newQuestion = async (f: MatrixFixtures) => {
  const listingId = await roomId(f, 0);
  const question = await f.core.dataRoomQuestions.ask(
    await asker(f),
    listingId,
    { text: f.unique("Matrix question"), category: "other", priority: "normal" },
    null,
  );
  return { listingId, questionId: question.id };
};

/** Staff do not ask; buyers outside the room get its 404. */
const buyersOnly = { admin: 403, management: 403 } as const;

/** Q&A per data room (issue 23). */
export const questionWrites: ApiWriteCase[] = [
  {
    route: "POST /api/data-room-questions/Ask",
    name: "a buyer let in with a signed agreement",
    admitted: 200,
    perObject: buyersOnly,
    request: async (f, role) => {
      const listingId = await roomId(f, 4);
      if (role === "buyer" || role === "privateBuyer" || role === "claim")
        await openTestDataRoom(f.core, f.sessions.account(role).id, listingId);
      return {
        url: "/api/data-room-questions/Ask",
        payload: { listingId, text: f.unique("What is the decline rate?"), category: "production" },
      };
    },
  },
  {
    route: "POST /api/data-room-questions/Similar",
    admitted: 200,
    perObject: outsideTheRoom,
    request: async (f) => ({
      url: "/api/data-room-questions/Similar",
      payload: { listingId: await roomId(f, 0), text: "decline rate" },
    }),
  },
  {
    route: "POST /api/data-room-questions/Take",
    admitted: 200,
    perObject: outsideTheRoom,
    request: async (f) => ({ url: "/api/data-room-questions/Take", payload: await newQuestion(f) }),
  },
  {
    route: "POST /api/data-room-questions/Answer",
    admitted: 200,
    perObject: outsideTheRoom,
    request: async (f) => ({
      url: "/api/data-room-questions/Answer",
      payload: { ...(await newQuestion(f)), answer: "Matrix answer", visibility: "private" },
    }),
  },
  {
    route: "POST /api/data-room-questions/Limits",
    admitted: 200,
    perObject: outsideTheRoom,
    request: async (f) => ({
      url: "/api/data-room-questions/Limits",
      payload: { listingId: await roomId(f, 0), maxPerBuyer: 500 },
    }),
  },
];
