import { isSold } from "@aea/domain";
import { type ApiWriteCase, outsideTheRoom } from "../api-write-matrix.ts";
import type { MatrixFixtures } from "../matrix-fixtures.ts";
import type { Role } from "../role-sessions.ts";

/** Public deals with a data room, in order: each role that opens a round gets one of its own. */
const roomIds = async (f: MatrixFixtures) =>
  (await f.core.listings.publicListings()).filter((d) => d.hasVDR && !isSold(d)).map((d) => d.ListingId);

/** A room no case opens a round in (the last of them): staff's decisions there find none to act on. */
const roundlessRoom = async (f: MatrixFixtures) => {
  const ids = await roomIds(f);
  const id = ids[ids.length - 1];
  if (id === undefined) throw new Error("the demo data lacks public deals with a data room");
  return id;
};

const ROUND_OPENERS: Role[] = ["admin", "management"];
/** Staff do not bid; buyers outside the room get its 404. */
const staffDoNotBid = { ...outsideTheRoom, admin: 403, management: 403 } as const;

/**
 * Bids and indications of interest (issue 23): who may reach each call. What a round does once
 * reached (sealing, deadlines, best and final, the winner) is the bids matrix's and the bid service's
 * tests' (apps/server/src/data-room/bids-access-matrix.test.ts).
 */
export const bidWrites: ApiWriteCase[] = [
  {
    route: "POST /api/data-room-bids/OpenRound",
    admitted: 200,
    perObject: outsideTheRoom,
    request: async (f, role) => {
      // A room per staff role, so each opens a round of its own.
      const listingId = (await roomIds(f))[ROUND_OPENERS.indexOf(role) + 1] ?? 0;
      return {
        url: "/api/data-room-bids/OpenRound",
        payload: {
          listingId,
          kind: "indication",
          opensAt: "2030-01-01T08:00",
          deadline: "2099-12-31T17:00",
          timeZone: "America/Chicago",
        },
      };
    },
  },
  {
    route: "POST /api/data-room-bids/Submit",
    admitted: 200,
    perObject: staffDoNotBid,
    request: async (f) => ({
      url: "/api/data-room-bids/Submit",
      payload: {
        listingId: (await roomIds(f))[1],
        amount: 1_250_000,
        effectiveDate: "2030-06-01",
        conditions: "",
      },
    }),
  },
  ...(["ChangeRound", "Unseal", "Winner", "BestAndFinal"] as const).map(
    (call): ApiWriteCase => ({
      route: `POST /api/data-room-bids/${call}`,
      // Staff reach the room and are told there is no round to act on (409 BIDS_NOT_OPEN).
      admitted: 409,
      perObject: outsideTheRoom,
      request: async (f) => {
        const listingId = await roundlessRoom(f);
        const fields = {
          ChangeRound: { opensAt: "2030-01-01T08:00", deadline: "2099-12-31T17:00" },
          Unseal: { reason: "The seller asked to see them." },
          Winner: { bidId: 1 },
          BestAndFinal: { deadline: "2099-12-31T17:00" },
        };
        return { url: `/api/data-room-bids/${call}`, payload: { listingId, ...fields[call] } };
      },
    }),
  ),
];
