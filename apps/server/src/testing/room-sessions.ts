import { insertTestAccount, openTestDataRoom } from "@aea/core/testing";
import { isSold } from "@aea/domain";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll } from "vitest";
import type { TestApp } from "./test-app.ts";

/**
 * Someone a data-room API test calls as: staff, a buyer let into the room with its agreement signed, a
 * buyer signed in but never let in (`outsider`), or a visitor with no session at all (`anonymous`).
 */
interface RoomPerson {
  firstName?: string;
  lastName?: string;
  isAdmin?: boolean;
  outsider?: boolean;
  anonymous?: boolean;
}

const PASSWORD = "Room2030!";

/** The room of a data-room API test and the people in it, each with a session. */
export interface RoomSessions<Who extends string> {
  /** The room's listing: the first public, unsold one with a data room. */
  readonly listingId: number;
  /** The accounts' emails (an anonymous caller has none). */
  readonly emails: Record<Who, string>;
  /** A request as `who`: their session cookie, and our own origin, as a browser's write sends it. */
  call(who: Who, method: "GET" | "POST", url: string, payload?: object): Promise<LightMyRequestResponse>;
}

/**
 * For the tests of the calling describe block (after `serveTestApp`): the room and `people`, made and
 * signed in before the tests. Buyers are let in with the agreement signed, outsiders are not; staff
 * need no grant; an anonymous caller's requests carry no session.
 */
export function roomSessionsForSuite<Who extends string>(
  served: TestApp,
  people: Record<Who, RoomPerson>,
): RoomSessions<Who> {
  // An anonymous caller's cookie stays empty: their requests carry no session.
  const cookies = Object.fromEntries(Object.keys(people).map((who) => [who, ""])) as Record<Who, string>;
  const room = {
    emails: {} as Record<Who, string>,
    call: (who: Who, method: "GET" | "POST", url: string, payload?: object) =>
      served.app.inject({
        method,
        url,
        payload,
        headers: { cookie: cookies[who], origin: served.core.config.publicUrl },
      }),
  } as RoomSessions<Who>;
  beforeAll(async () => {
    const { core } = served;
    const listing = (await core.listings.publicListings()).find((l) => l.hasVDR && !isSold(l));
    if (!listing) throw new Error("the demo has no public data room");
    Object.assign(room, { listingId: listing.ListingId });
    for (const [who, { outsider, anonymous, ...fields }] of Object.entries<RoomPerson>(people) as [
      Who,
      RoomPerson,
    ][]) {
      if (anonymous) continue;
      const account = await insertTestAccount(core, { password: PASSWORD, ...fields });
      if (!fields.isAdmin && !outsider) await openTestDataRoom(core, account.id, listing.ListingId);
      const login = await core.logins.login(account.email, PASSWORD, false);
      if (login.status !== "ok") throw new Error(`${who} could not log in`);
      cookies[who] = `aea_session=${login.token}`;
      room.emails[who] = account.email;
    }
  });
  return room;
}
