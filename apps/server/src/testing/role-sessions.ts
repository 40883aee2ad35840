import { type Core, SESSION_COOKIE, STAFF_SESSION_COOKIE } from "@aea/core";
import {
  grantTestPrivateDeals,
  hashPassword,
  insertUser,
  markTestAccountVerified,
  testDatabase,
} from "@aea/core/testing";
import type { SessionUser } from "@aea/domain";

/** The six roles of spec §6 that every authorization test walks. */
export const roles = ["anonymous", "buyer", "privateBuyer", "claim", "admin", "management"] as const;
export type Role = (typeof roles)[number];
export type SignedInRole = Exclude<Role, "anonymous">;

/**
 * An admin (the admin role, not in management) viewing the site as someone (issue 20): as the buyer
 * role, and as a management user who is not an admin. Neither may change anything or reach a staff page.
 */
export const viewers = ["viewingAsBuyer", "viewingAsManagement"] as const;
export type Viewer = (typeof viewers)[number];

const roleFlags: Record<SignedInRole, { isAdmin: boolean; hasClaimAD: boolean }> = {
  buyer: { isAdmin: false, hasClaimAD: false },
  // The private buyer is granted every private listing but the last (grantedPrivateListingIds).
  privateBuyer: { isAdmin: false, hasClaimAD: false },
  claim: { isAdmin: false, hasClaimAD: true },
  admin: { isAdmin: true, hasClaimAD: false },
  // Management is an admin whose (verified) address is on MANAGEMENT_EMAILS.
  management: { isAdmin: true, hasClaimAD: false },
};

/** What access decisions read of each role's session user (spec §6), for tables derived from declarations. */
export function roleUser(role: Role): SessionUser | null {
  if (role === "anonymous") return null;
  return {
    id: 0,
    firstName: role,
    middle: null,
    lastName: "",
    name: role,
    email: emailOf(role),
    ...roleFlags[role],
    hasPrivateDeals: role === "privateBuyer",
    privateListingIds: [],
    isManagement: role === "management",
    officialCompanyName: null,
    impersonatorId: null,
    passwordResetRequired: false,
  };
}

const emailOf = (role: SignedInRole) => `role.${role.toLowerCase()}@example.test`;
export const ROLE_PASSWORD = "Roles2026!";

/**
 * The settings a core needs for these accounts: our own management address (the list takes exactly
 * three) and no demo accounts, so the tests depend on nobody's published password.
 */
const VIEWED_MANAGER_EMAIL = "viewed.manager@example.test";
export const roleSessionsEnv: Record<string, string> = {
  SEED_DEMO_ACCOUNTS: "false",
  MANAGEMENT_EMAILS: [emailOf("management"), VIEWED_MANAGER_EMAIL, "unused.two@example.test"].join(","),
};

export interface RoleAccount {
  id: number;
  email: string;
}

/**
 * One verified account per signed-in role, each with a session from a fresh login (so a "recent
 * login" requirement is met). A test that logs out, changes the password or the email calls
 * `restore` afterwards to get the account and a live session back.
 */
export class RoleSessions {
  readonly #core: Core;
  readonly #passwordHash: string;
  readonly #accounts = new Map<SignedInRole, RoleAccount>();
  readonly #cookies = new Map<SignedInRole, string>();
  #viewedManagerId = 0;

  private constructor(core: Core, passwordHash: string) {
    this.#core = core;
    this.#passwordHash = passwordHash;
  }

  static async create(core: Core): Promise<RoleSessions> {
    const sessions = new RoleSessions(core, await hashPassword(ROLE_PASSWORD));
    for (const role of Object.keys(roleFlags) as SignedInRole[]) {
      const user = await insertUser(core, {
        email: emailOf(role),
        firstName: "Role",
        middle: null,
        lastName: role,
        verified: true,
        officialCompanyName: null,
        passwordHash: sessions.#passwordHash,
        ...roleFlags[role],
      });
      sessions.#accounts.set(role, { id: user.id, email: user.email });
      if (role === "privateBuyer") {
        const privateIds = (await core.listings.privateListings()).map((l) => l.ListingId);
        await grantTestPrivateDeals(core, user.id, privateIds.slice(0, -1));
      }
      await sessions.#logIn(role);
    }
    // A manager who is not an admin. Management cannot be viewed as, so the view starts while the
    // address is unproved (not management yet) and the address is proved during it.
    const manager = await insertUser(core, {
      email: VIEWED_MANAGER_EMAIL,
      firstName: "Viewed",
      middle: null,
      lastName: "Manager",
      verified: false,
      isAdmin: false,
      hasClaimAD: false,
      officialCompanyName: null,
      passwordHash: sessions.#passwordHash,
    });
    sessions.#viewedManagerId = manager.id;
    return sessions;
  }

  /** The account a viewer views the site as. */
  viewedAccount(viewer: Viewer): { id: number } {
    return viewer === "viewingAsBuyer" ? this.account("buyer") : { id: this.#viewedManagerId };
  }

  /**
   * The Cookie header of a browser in which the admin role's account has just started viewing the
   * site as the viewer's account (a new admin session and view on every call, so a request that ends
   * them spoils nothing for the next).
   */
  async viewingAsCookie(viewer: Viewer): Promise<string> {
    const admin = this.account("admin");
    const staffToken = await this.#core.sessions.startSession(admin.id, false);
    const staff = await this.#core.sessions.resolveSession(staffToken);
    if (!staff) throw new Error("the admin's session does not resolve");
    const { id } = this.viewedAccount(viewer);
    if (viewer === "viewingAsManagement")
      await testDatabase(this.#core)
        .db.updateTable("users")
        .set({ verified: 0 })
        .where("id", "=", id)
        .execute();
    const token = await this.#core.impersonation.start({ user: staff }, id, staffToken);
    if (viewer === "viewingAsManagement") await markTestAccountVerified(this.#core, id);
    return `${SESSION_COOKIE}=${token}; ${STAFF_SESSION_COOKIE}=${staffToken}`;
  }

  account(role: SignedInRole): RoleAccount {
    const account = this.#accounts.get(role);
    if (!account) throw new Error(`no account for ${role}`);
    return account;
  }

  /** The Cookie header of the role's session; none for anonymous visitors. */
  cookie(role: Role): string | undefined {
    return role === "anonymous" ? undefined : this.#cookies.get(role);
  }

  /** Puts the role's email, password and verified address back and logs in again. */
  async restore(role: Role): Promise<void> {
    if (role === "anonymous") return;
    const { id, email } = this.account(role);
    await testDatabase(this.#core)
      .db.updateTable("users")
      .set({ email, passwordHash: this.#passwordHash, verified: 1 })
      .where("id", "=", id)
      .execute();
    await this.#logIn(role);
  }

  /**
   * A live session for the role's account, started directly: the tables of requests need a session,
   * not a login (tested on its own), whose password hash would cost each restore tens of milliseconds.
   */
  async #logIn(role: SignedInRole): Promise<void> {
    const token = await this.#core.sessions.startSession(this.account(role).id, false);
    this.#cookies.set(role, `${SESSION_COOKIE}=${token}`);
  }
}
