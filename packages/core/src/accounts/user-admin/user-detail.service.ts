import {
  DATA_ROOM_EVENT_LABELS,
  dataRoomItemName,
  displayName,
  type Interests,
  notFound,
  type Profile,
  staffViewingAs,
} from "@aea/domain";
import type { AuditAction } from "../../audit/audit-actions.ts";
import type { Clock } from "../../clock.ts";
import type { AccountStores } from "../account-stores.ts";
import type { SessionService } from "../sessions/session.service.ts";
import type { AccountListEntry } from "../user.repository.ts";
import { NO_SUCH_USER, requireStaff, type StaffActor } from "./staff-actor.ts";

/** A listing a user page names: its number and headline (or a note that it is gone). */
export interface ListingRef {
  ListingId: number;
  Header: string;
}

/**
 * What the user page needs from outside accounts, given by whoever builds the core (so accounts
 * depends on neither listings nor data rooms): a listing's headline, the account's data rooms and signed agreements.
 */
export interface UserPageSources {
  listingHeadline(listingId: number): Promise<string | undefined>;
  dataRoomListingIds(userId: number): Promise<number[]>;
  signedAgreements(
    userId: number,
  ): Promise<{ ListingId: number; signedAt: string; signerName: string; company: string }[]>;
}

/** Everything the staff's page of one account shows. */
export interface UserDetail {
  account: AccountListEntry;
  /** Staff roles apply only to verified addresses: the roles in effect. */
  effective: { isAdmin: boolean; isManagement: boolean };
  profile: Profile;
  interests: Interests;
  privateDeals: ListingRef[];
  dataRooms: ListingRef[];
  signedAgreements: (ListingRef & { signedAt: string; signerName: string; company: string })[];
  sessions: {
    createdAt: string;
    lastSeenAt: string;
    expiresAt: string;
    remember: boolean;
    impersonatedBy: string | null;
  }[];
  /** `by`: who did it when it was not this account itself (staff, or staff viewing as someone). */
  activity: { id: number; at: string; action: AuditAction; detail: string | null; by: string | null }[];
  dataRoomActivity: (ListingRef & {
    id: number;
    at: string;
    event: string;
    item: string;
    /** "{staff} viewing as {buyer}" for what staff did while viewing the site as someone. */
    by: string | null;
  })[];
}

const RECENT_ACTIVITY = 30;

/** The staff's page of one account (/admin/users/:id): profile, deals, data rooms, sessions, activity. */
export class UserDetailService {
  readonly #r: AccountStores;
  readonly #sessions: SessionService;
  readonly #sources: UserPageSources;
  readonly #clock: Clock;

  constructor(deps: {
    stores: AccountStores;
    sessions: SessionService;
    sources: UserPageSources;
    clock: Clock;
  }) {
    this.#r = deps.stores;
    this.#sessions = deps.sessions;
    this.#sources = deps.sources;
    this.#clock = deps.clock;
  }

  async detail(actor: StaffActor, userId: number): Promise<UserDetail> {
    requireStaff(actor);
    const account = await this.#r.users.findListEntry(userId);
    const profile = await this.#r.users.findProfile(userId);
    if (!account || !profile) throw notFound(NO_SUCH_USER);
    const [interests, dataRoomIds, agreements, sessions, trail] = await Promise.all([
      this.#r.preferences.interests(userId),
      this.#sources.dataRoomListingIds(userId),
      this.#sources.signedAgreements(userId),
      this.#r.sessions.forUser(userId),
      this.#r.activity.forUser(userId, RECENT_ACTIVITY),
    ]);
    const listing = this.#listingNames();
    const person = this.#personNames();
    const now = this.#clock.now();
    return {
      account,
      effective: {
        isAdmin: account.isAdmin && account.verified,
        isManagement: this.#sessions.isManagement(account),
      },
      profile,
      interests,
      privateDeals: await Promise.all(account.privateListingIds.map(listing)),
      dataRooms: await Promise.all(dataRoomIds.map(listing)),
      signedAgreements: await Promise.all(
        agreements.map(async (a) => ({
          ...(await listing(a.ListingId)),
          signedAt: a.signedAt,
          signerName: a.signerName,
          company: a.company,
        })),
      ),
      sessions: await Promise.all(
        sessions
          .filter((s) => Date.parse(s.expiresAt) > now)
          .map(async (s) => ({
            createdAt: s.createdAt,
            lastSeenAt: s.lastSeenAt,
            expiresAt: s.expiresAt,
            remember: s.remember,
            impersonatedBy: s.impersonatorId === null ? null : await person(s.impersonatorId),
          })),
      ),
      activity: await Promise.all(
        trail.account.map(async (entry) => ({
          id: entry.id,
          at: entry.at,
          action: entry.action,
          detail: entry.detail,
          // An entry about someone else is one this user made as staff: name that account instead.
          by:
            entry.impersonatorId !== null && entry.userId !== null
              ? staffViewingAs(await person(entry.impersonatorId), await person(entry.userId))
              : entry.actorId !== null && entry.actorId !== userId
                ? await person(entry.actorId)
                : entry.userId !== userId && entry.userId !== null
                  ? `on ${await person(entry.userId)}`
                  : null,
        })),
      ),
      dataRoomActivity: await Promise.all(
        trail.dataRooms.map(async (event) => ({
          ...(await listing(event.ListingId)),
          id: event.id,
          at: event.at,
          event: DATA_ROOM_EVENT_LABELS[event.event] ?? event.event,
          item: dataRoomItemName(event.detail),
          by:
            event.impersonatorId !== null && event.userId !== null
              ? staffViewingAs(await person(event.impersonatorId), await person(event.userId))
              : null,
        })),
      ),
    };
  }

  /** Listing headlines, looked up once per page. */
  #listingNames() {
    return memoized(
      async (listingId: number): Promise<ListingRef> => ({
        ListingId: listingId,
        Header: (await this.#sources.listingHeadline(listingId)) ?? "(listing removed)",
      }),
    );
  }

  /** People's display names (else their email), looked up once per page. */
  #personNames() {
    return memoized(async (userId: number): Promise<string> => {
      const u = await this.#r.users.findById(userId);
      return u ? displayName(u) || u.email : `account #${userId} (removed)`;
    });
  }
}

function memoized<T>(lookUp: (id: number) => Promise<T>): (id: number) => Promise<T> {
  const cache = new Map<number, Promise<T>>();
  return (id) => {
    let found = cache.get(id);
    if (!found) {
      found = lookUp(id);
      cache.set(id, found);
    }
    return found;
  };
}
