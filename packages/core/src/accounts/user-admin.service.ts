import {
  AppError,
  CANNOT_DISABLE_SELF,
  CANNOT_IMPERSONATE_ADMIN,
  CANNOT_IMPERSONATE_DISABLED,
  CANNOT_IMPERSONATE_SELF,
  CANNOT_IMPERSONATE_STAFF,
  CANNOT_REMOVE_OWN_ADMIN,
  DATA_ROOM_EVENT_LABELS,
  dataRoomItemName,
  displayName,
  type ExportFormat,
  type Interests,
  type Profile,
  type SessionUser,
  STAFF_ROLE_NEEDS_VERIFIED,
  staffViewingAs,
  USERS_PAGE_SIZE,
  type UserListQuery,
} from "@aea/domain";
import { ActivityReader } from "../audit/activity-reader.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { Config } from "../config.ts";
import { dataRoomStores } from "../data-rooms/data-room-stores.ts";
import type { Database } from "../db/database.ts";
import { type ExportFile, exportFile } from "../export/table-export.ts";
import type { ListingService } from "../listings/listing.service.ts";
import type { AccountService } from "./account.service.ts";
import { type AccountStores, accountStores } from "./account-stores.ts";
import type { AuditAction } from "./audit-log.ts";
import type { SecondFactorService } from "./second-factor.service.ts";
import { hashToken } from "./tokens.ts";
import type { AccountListEntry, AccountPage } from "./user.repository.ts";
import { usersTable } from "./user-export.ts";

/** The staff member making a change: the signed-in admin, never someone viewing the site as a buyer. */
export interface StaffActor {
  user: SessionUser;
  /** Their session's token: "View as", the export and role changes need a recent check in it. */
  sessionToken?: string;
}

export type StaffRole = "isAdmin" | "hasClaimAD";

/** A listing a user page names: its number and headline (or a note that it is gone). */
export interface ListingRef {
  ListingId: number;
  Header: string;
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
/** The export's ceiling: more accounts than a firm has, few enough for one request's memory. */
const EXPORT_LIMIT = 50_000;

/** How long an ended impersonation session still answers requests that were already on their way. */
const STOP_GRACE_MS = 15_000;

const notFound = () => new AppError(404, "No such user", "NOT_FOUND");
const refused = (message: string) => new AppError(400, message, "REFUSED");

/**
 * The staff's side of accounts (/admin/users): search, export, a user's page, and the changes staff
 * make to an account, each in one transaction with its audit entry naming the admin who made it.
 * Impersonation ("view as") starts and ends here too.
 */
export class UserAdminService {
  readonly #database: Database;
  readonly #accounts: AccountService;
  readonly #secondFactor: SecondFactorService;
  readonly #listings: ListingService;
  readonly #config: Config;
  readonly #clock: Clock;
  readonly #r: AccountStores;

  constructor(deps: {
    database: Database;
    accounts: AccountService;
    secondFactor: SecondFactorService;
    listings: ListingService;
    config: Config;
    clock?: Clock;
  }) {
    this.#database = deps.database;
    this.#accounts = deps.accounts;
    this.#secondFactor = deps.secondFactor;
    this.#listings = deps.listings;
    this.#config = deps.config;
    this.#clock = deps.clock ?? systemClock;
    this.#r = accountStores(deps.database.db);
  }

  // Reading

  /** One page of the account list for a search, sort and page. */
  async search(actor: StaffActor, query: UserListQuery): Promise<AccountPage> {
    this.#staff(actor);
    return this.#r.users.search({ ...query, pageSize: USERS_PAGE_SIZE });
  }

  /** Every account matching the search, in the list's order, as CSV or XLSX. */
  async export(actor: StaffActor, query: UserListQuery, format: ExportFormat): Promise<ExportFile> {
    this.#staff(actor);
    await this.#requireRecentCheck(actor);
    const { entries } = await this.#r.users.search({
      search: query.search,
      sort: query.sort,
      direction: query.direction,
      page: 1,
      pageSize: EXPORT_LIMIT,
    });
    const isManagement = (email: string) => this.#config.managementEmails.includes(email.toLowerCase());
    return exportFile(usersTable(entries, isManagement), format);
  }

  async detail(actor: StaffActor, userId: number): Promise<UserDetail> {
    this.#staff(actor);
    const account = await this.#r.users.findListEntry(userId);
    const profile = await this.#r.users.findProfile(userId);
    if (!account || !profile) throw notFound();
    const dataRooms = dataRoomStores(this.#database.db);
    const [interests, dataRoomIds, agreements, sessions, audit, events] = await Promise.all([
      this.#r.preferences.interests(userId),
      dataRooms.dataRoomGrants.listingIdsFor(userId),
      dataRooms.signedAgreements.forUser(userId),
      this.#r.sessions.forUser(userId),
      this.#r.audit.forUser(userId, RECENT_ACTIVITY),
      new ActivityReader(this.#database.db).forUser(userId, RECENT_ACTIVITY).then((found) => found.dataRooms),
    ]);
    const listing = this.#listingNames();
    const person = this.#personNames();
    const now = this.#clock.now();
    return {
      account,
      effective: {
        isAdmin: account.isAdmin && account.verified,
        isManagement: this.#accounts.isManagement(account),
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
        audit.map(async (entry) => ({
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
        events.map(async (event) => ({
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

  // Changes (each audited with the admin who made it)

  async updateProfile(actor: StaffActor, userId: number, profile: Omit<Profile, "email">): Promise<void> {
    await this.#change(actor, userId, async (r, user) => {
      await r.users.updateProfile(userId, { ...profile, email: user.email });
      await r.audit.record("profile-edited", userId, undefined, actor.user.id);
    });
  }

  async markVerified(actor: StaffActor, userId: number): Promise<void> {
    await this.#change(actor, userId, async (r, user) => {
      if (user.verified) return;
      await r.users.markVerified(userId);
      await r.audit.record("verified-by-staff", userId, undefined, actor.user.id);
    });
  }

  /** Mails the account a new verification link (as the buyer's own resend does, with its hourly cap). */
  async resendVerification(actor: StaffActor, userId: number): Promise<void> {
    const user = await this.#target(actor, userId);
    if (user.verified) throw refused("This address is already verified.");
    await this.#accounts.resendVerification(user.email);
    await this.#r.audit.record("verification-resent", userId, undefined, actor.user.id);
  }

  /** Mails the account a password-reset link (the forgot-password flow, with its hourly cap). */
  async sendResetLink(actor: StaffActor, userId: number): Promise<void> {
    const user = await this.#target(actor, userId);
    await this.#accounts.sendResetPasswordEmail(user.email);
    await this.#r.audit.record("reset-link-sent", userId, undefined, actor.user.id);
  }

  /** A disabled account cannot log in, and every session it has ends at once. */
  async disable(actor: StaffActor, userId: number): Promise<void> {
    if (userId === actor.user.id) throw refused(CANNOT_DISABLE_SELF);
    await this.#change(actor, userId, async (r, user) => {
      if (user.disabledAt) return;
      await r.users.setDisabled(userId, this.#iso());
      await r.sessions.deleteAllForUser(userId);
      await r.audit.record("account-disabled", userId, undefined, actor.user.id);
    });
  }

  async enable(actor: StaffActor, userId: number): Promise<void> {
    await this.#change(actor, userId, async (r, user) => {
      if (!user.disabledAt) return;
      await r.users.setDisabled(userId, null);
      await r.audit.record("account-enabled", userId, undefined, actor.user.id);
    });
  }

  /** Logs the account out everywhere. */
  async endSessions(actor: StaffActor, userId: number): Promise<void> {
    await this.#change(actor, userId, async (r) => {
      await r.sessions.deleteAllForUser(userId);
      await r.audit.record("sessions-ended", userId, undefined, actor.user.id);
    });
  }

  /**
   * Grants or revokes `isAdmin` or `hasClaimAD`. An admin cannot take away their own admin role
   * (the firm would risk having none), and the admin role is given only to a verified address.
   */
  async setRole(actor: StaffActor, userId: number, role: StaffRole, granted: boolean): Promise<void> {
    if (role === "isAdmin" && !granted && userId === actor.user.id) throw refused(CANNOT_REMOVE_OWN_ADMIN);
    this.#staff(actor);
    await this.#requireRecentCheck(actor);
    await this.#change(actor, userId, async (r, user) => {
      if (user[role] === granted) return;
      if (role === "isAdmin" && granted && !user.verified) throw refused(STAFF_ROLE_NEEDS_VERIFIED);
      await r.users.setRole(userId, role, granted);
      // A demoted admin's "view as" sessions end with the role.
      if (role === "isAdmin" && !granted) await r.sessions.deleteStartedBy(userId);
      await r.audit.record(granted ? "role-granted" : "role-revoked", userId, role, actor.user.id);
    });
  }

  // Impersonation

  /**
   * Starts a session as a buyer for the admin's browser, marked with the admin as its impersonator
   * and tied to the admin's own session (`staffSessionToken`): it is read-only, carries no staff
   * role, and ends when that session, the admin's role or account does. Admins, management and claim
   * staff, the admin themself and disabled accounts cannot be viewed as. Returns the new session's token.
   */
  async startImpersonation(actor: StaffActor, userId: number, staffSessionToken: string): Promise<string> {
    if (userId === actor.user.id) throw refused(CANNOT_IMPERSONATE_SELF);
    this.#staff(actor);
    // The session that stays aside while viewing as is the one whose second factor must be fresh.
    await this.#requireRecentCheck({ ...actor, sessionToken: staffSessionToken });
    return this.#change(actor, userId, async (r, user) => {
      if (user.isAdmin) throw refused(CANNOT_IMPERSONATE_ADMIN);
      if (user.hasClaimAD || this.#accounts.isManagement(user)) throw refused(CANNOT_IMPERSONATE_STAFF);
      if (user.disabledAt) throw refused(CANNOT_IMPERSONATE_DISABLED);
      const token = await this.#accounts.openSession(r.sessions, userId, false, {
        impersonation: { impersonatorId: actor.user.id, staffSessionToken },
      });
      await r.audit.record("impersonation-started", userId, undefined, actor.user.id);
      return token;
    });
  }

  /**
   * Ends an impersonation session and says whether the admin's own session (kept aside while viewing)
   * is still theirs to go back to, and whom they were viewing as.
   */
  async stopImpersonation(
    impersonationToken: string | undefined,
    staffToken: string | undefined,
  ): Promise<{ userId: number | null; staffSession: { remember: boolean } | null }> {
    return this.#database.transaction(async (trx) => {
      const r = accountStores(trx);
      const session = impersonationToken ? await r.sessions.find(hashToken(impersonationToken)) : undefined;
      const impersonating = session && session.impersonatorId !== null ? session : undefined;
      if (impersonating) {
        // Not deleted outright: a request the buyer's view had in flight would find no session and
        // clear the cookie, erasing the admin's session that Stop has just put back. The cookie no
        // longer carries this token, so it dies unused a few seconds later.
        await r.sessions.expireBy(impersonating.tokenHash, this.#iso(this.#clock.now() + STOP_GRACE_MS));
        await r.audit.record(
          "impersonation-stopped",
          impersonating.userId,
          undefined,
          impersonating.impersonatorId ?? undefined,
        );
      }
      const staff = staffToken ? await r.sessions.find(hashToken(staffToken)) : undefined;
      // The kept session goes back only to the admin who started viewing (or, with no live
      // impersonation to compare, to a session that is not itself an impersonation).
      const mayRestore =
        staff !== undefined &&
        staff.impersonatorId === null &&
        (!impersonating || staff.userId === impersonating.impersonatorId);
      return {
        userId: impersonating?.userId ?? null,
        staffSession: mayRestore ? { remember: staff.remember } : null,
      };
    });
  }

  // Internals

  /** Only a signed-in admin acting as themself makes staff changes: the pages check it, and so does this. */
  #staff(actor: StaffActor): void {
    if (!actor.user.isAdmin || actor.user.impersonatorId !== null)
      throw new AppError(403, "You are not authorized to access this page", "FORBIDDEN");
  }

  async #target(actor: StaffActor, userId: number) {
    this.#staff(actor);
    const user = await this.#r.users.findById(userId);
    if (!user) throw notFound();
    return user;
  }

  /** Sensitive staff steps ask for a second factor (or the password) again after 10 minutes. */
  #requireRecentCheck(actor: StaffActor): Promise<void> {
    return this.#secondFactor.requireRecentCheck({ userId: actor.user.id, sessionToken: actor.sessionToken });
  }

  /** A change to one account, in one transaction with its audit entry. */
  async #change<T>(
    actor: StaffActor,
    userId: number,
    work: (
      r: AccountStores,
      user: NonNullable<Awaited<ReturnType<AccountStores["users"]["findById"]>>>,
    ) => Promise<T>,
  ): Promise<T> {
    this.#staff(actor);
    return this.#database.transaction(async (trx) => {
      const r = accountStores(trx);
      const user = await r.users.findById(userId);
      if (!user) throw notFound();
      return work(r, user);
    });
  }

  /** Listing headlines, looked up once per page. */
  #listingNames() {
    const cache = new Map<number, Promise<ListingRef>>();
    return (listingId: number): Promise<ListingRef> => {
      let found = cache.get(listingId);
      if (!found) {
        found = this.#listings
          .findById(listingId)
          .then((l) => ({ ListingId: listingId, Header: l?.Header ?? "(listing removed)" }));
        cache.set(listingId, found);
      }
      return found;
    };
  }

  /** People's display names (else their email), looked up once per page. */
  #personNames() {
    const cache = new Map<number, Promise<string>>();
    return (userId: number): Promise<string> => {
      let found = cache.get(userId);
      if (!found) {
        found = this.#r.users
          .findById(userId)
          .then((u) => (u ? displayName(u) || u.email : `account #${userId} (removed)`));
        cache.set(userId, found);
      }
      return found;
    };
  }

  #iso(at = this.#clock.now()): string {
    return new Date(at).toISOString();
  }
}
