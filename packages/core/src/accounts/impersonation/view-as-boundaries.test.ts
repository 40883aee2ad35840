import { Readable } from "node:stream";
import {
  activityFilterSchema,
  CANNOT_IMPERSONATE_STAFF,
  dealStatisticsEditSchema,
  EMPTY_INTERESTS,
  type Listing,
  type SessionUser,
  VIEWING_AS_READ_ONLY,
} from "@aea/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../clock.ts";
import type { Core } from "../../core.ts";
import { insertTestAccount, markTestAccountVerified, openTestDataRoom } from "../../testing/test-accounts.ts";
import { testEngines } from "../../testing/test-cores.ts";
import { testDatabase } from "../../testing/test-database.ts";
import type { User } from "../user.repository.ts";

const PASSWORD = "Staff2026!";
const clock = new ManualClock();
const MINUTE = 60_000;
const CHIEF = `chief.${process.pid}@example.test`;
const DEPUTY = `deputy.${process.pid}@example.test`;
/** A 1×1 PNG, for a data-room file to write a note on. */
const PNG_HEX =
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082";
const noProfile = () => {
  throw new Error("the buyer has no profile");
};
const readOnly = { status: 403, code: "IMPERSONATING", message: VIEWING_AS_READ_ONLY };

// "View as" (decision 018, issue 20 findings 2-4): it carries no staff role, ends with its admin,
// changes nothing in the buyer's name, and what staff do under it is recorded as theirs.
describe.each(testEngines())("viewing the site as someone on $name", (engine) => {
  let core: Core;
  let listing: Listing;
  /** Another admin, who disables, demotes or logs out the admin under test. */
  let chiefStaff: { user: SessionUser; sessionToken: string };

  beforeAll(async () => {
    core = await engine.create(
      {
        SEED_DEMO_ACCOUNTS: "false",
        MANAGEMENT_EMAILS: `${CHIEF},${DEPUTY},unused.${process.pid}@example.test`,
      },
      { clock },
    );
    const rooms = (await core.listings.publicListings()).filter((l) => l.hasVDR && !l.sold);
    if (!rooms[0]) throw new Error("the demo data has no data room");
    listing = rooms[0];
    const other = await insertTestAccount(core, { password: PASSWORD, isAdmin: true });
    // Role changes need a login within 10 minutes in the acting session (decision 024).
    const login = await core.logins.login(other.email, PASSWORD, false);
    if (login.status !== "ok") throw new Error(login.status);
    chiefStaff = { user: login.user, sessionToken: login.token };
  });
  afterAll(() => core.close());

  /** A fresh admin, logged in: their own session's token and the staff actor. */
  const newAdmin = async (fields: Partial<User> = {}) => {
    const admin = await insertTestAccount(core, { password: PASSWORD, isAdmin: true, ...fields });
    const login = await core.logins.login(admin.email, PASSWORD, false);
    if (login.status !== "ok") throw new Error(login.status);
    return { admin, token: login.token, staff: { user: login.user } };
  };
  const buyer = (fields: Partial<User> = {}) => insertTestAccount(core, { password: PASSWORD, ...fields });
  /** The admin views the site as the account: the impersonation token and its session user. */
  const viewAs = async (by: Awaited<ReturnType<typeof newAdmin>>, userId: number) => {
    const token = await core.impersonation.start(by.staff, userId, by.token);
    const viewer = await core.sessions.resolveSession(token);
    if (!viewer) throw new Error("the view-as session does not resolve");
    return { token, viewer };
  };

  describe("carries no staff role", () => {
    it("refuses to view as management or claim staff", async () => {
      const by = await newAdmin();
      const chief = await buyer({ email: CHIEF });
      const claim = await buyer({ hasClaimAD: true });
      for (const staffMember of [chief, claim])
        await expect(core.impersonation.start(by.staff, staffMember.id, by.token)).rejects.toMatchObject({
          status: 400,
          message: CANNOT_IMPERSONATE_STAFF,
        });
      expect((await core.userDetail.detail(chiefStaff, chief.id)).sessions).toEqual([]);
    });

    it("gives an account that became management or claim staff no role, and Mgmt Dash refuses it", async () => {
      const by = await newAdmin({ firstName: "Ada", lastName: "Admin" });
      // Not management yet (the address is unproved), so viewing as them is allowed…
      const deputy = await buyer({ email: DEPUTY, verified: false });
      const { token } = await viewAs(by, deputy.id);
      // …then the address is proved and staff grant the claim role while the view goes on.
      await markTestAccountVerified(core, deputy.id);
      await core.userChanges.setRole(chiefStaff, deputy.id, "hasClaimAD", true);
      const own = await core.sessions.resolveSession(await core.sessions.startSession(deputy.id, false));
      expect(own).toMatchObject({ isManagement: true, hasClaimAD: true });
      const viewer = await core.sessions.resolveSession(token);
      expect(viewer).toMatchObject({ id: deputy.id, isAdmin: false, isManagement: false, hasClaimAD: false });

      await expect(core.dealStatistics.overview(viewer ?? null)).rejects.toMatchObject({ status: 404 });
      const edit = dealStatisticsEditSchema.parse({ listingId: listing.ListingId, hotLeadOverride: 99 });
      await expect(core.dealStatistics.update(viewer ?? null, edit)).rejects.toMatchObject({ status: 404 });
      // Even a session user that claims the role is refused while it is a view.
      const forged = { ...(own as SessionUser), impersonatorId: by.admin.id };
      await expect(core.dealStatistics.overview(forged)).rejects.toMatchObject({ status: 404 });
    });
  });

  describe("ends with its admin", () => {
    const endings: Array<[string, (by: Awaited<ReturnType<typeof newAdmin>>) => Promise<unknown>]> = [
      ["the admin logs out", (by) => core.sessions.endSession(by.token, by.admin.id)],
      ["staff end the admin's sessions", (by) => core.userChanges.endSessions(chiefStaff, by.admin.id)],
      [
        "the admin changes their password",
        (by) =>
          core.passwords.changePassword(
            { userId: by.admin.id, sessionToken: by.token },
            { newPassword: "Another2026!", currentPassword: PASSWORD },
          ),
      ],
      ["the admin is disabled", (by) => core.userChanges.disable(chiefStaff, by.admin.id)],
      [
        "the admin loses the admin role",
        (by) => core.userChanges.setRole(chiefStaff, by.admin.id, "isAdmin", false),
      ],
    ];
    it.each(endings)("when %s", async (_name, end) => {
      const by = await newAdmin();
      const target = await buyer();
      const { token } = await viewAs(by, target.id);
      await end(by);
      expect(await core.sessions.resolveSession(token)).toBeUndefined();
      const sessions = (await core.userDetail.detail(chiefStaff, target.id)).sessions;
      expect(sessions.filter((s) => s.impersonatedBy !== null)).toEqual([]);
    });

    it("and when the admin's account loses its verified address", async () => {
      const by = await newAdmin();
      const { token } = await viewAs(by, (await buyer()).id);
      await testDatabase(core)
        .db.updateTable("users")
        .set({ verified: 0 })
        .where("id", "=", by.admin.id)
        .execute();
      expect(await core.sessions.resolveSession(token)).toBeUndefined();
    });

    it("keeps the admin's own session from idling out while the view is in use", async () => {
      const by = await newAdmin();
      const { token } = await viewAs(by, (await buyer()).id);
      for (let hour = 0; hour < 3; hour++) {
        clock.advance(90 * MINUTE);
        expect(await core.sessions.resolveSession(token)).toBeDefined();
      }
      expect(await core.sessions.resolveSession(by.token)).toMatchObject({ id: by.admin.id, isAdmin: true });
    });
  });

  it("refuses every write in the buyer's name, whichever service it reaches, and changes nothing", async () => {
    const by = await newAdmin();
    const target = await buyer({ firstName: "Vera", lastName: "Buyer" });
    const { viewer } = await viewAs(by, target.id);
    const profileBefore = await core.profiles.profile(target.id);
    const [inside] = (await core.listings.publicListings()).filter(
      (l) => l.hasVDR && !l.sold && l.ListingId !== listing.ListingId,
    );
    await openTestDataRoom(core, target.id, inside.ListingId);
    const png = Buffer.from(PNG_HEX, "hex");
    const file = await core.dataRoomUploads.add(
      by.staff.user,
      { target: "data-room", listingId: inside.ListingId, folderId: 0, filename: "map.png" },
      { name: "map.png", size: png.length, open: () => Readable.from([png]) },
      null,
    );
    const code = await core.accessCodes.accessCode(listing);
    const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
    const writes: Array<[string, () => Promise<unknown>]> = [
      [
        "profile",
        () =>
          core.profiles.updateProfile(viewer, { ...(profileBefore ?? noProfile()), companyName: "Staff Co" }),
      ],
      ["interests", () => core.profiles.saveInterests(viewer, { ...EMPTY_INTERESTS, buy_minerals: true })],
      ["like", () => core.likes.setLiked(viewer, listing.ListingId, true)],
      ["deal alerts", () => core.dealAlerts.choose(viewer, "daily")],
      [
        "access code",
        () =>
          core.accessCodes.grantByCode(
            viewer,
            { userId: viewer.id, ipAddress: null },
            listing.ListingId,
            code,
          ),
      ],
      [
        "access request",
        () =>
          core.accessCodes.requestAccess(
            viewer,
            { userId: viewer.id, ipAddress: null },
            listing.ListingId,
            "Please",
          ),
      ],
      [
        "agreement",
        () =>
          core.agreements.sign(
            viewer,
            listing.ListingId,
            { fullName: "Vera Buyer", company: "Staff Co", consent: "on" },
            { ipAddress: "203.0.113.9", userAgent: "test" },
          ),
      ],
      ["note", () => core.dataRoomView.insertNote(viewer, file.id, "Staff note", null)],
      [
        "secure file",
        () =>
          core.secureFiles.add(viewer, { name: "a.pdf", size: pdf.length, open: () => Readable.from([pdf]) }),
      ],
    ];
    for (const [name, write] of writes) await expect(write(), name).rejects.toMatchObject(readOnly);

    expect(await core.profiles.profile(target.id)).toEqual(profileBefore);
    expect((await core.profiles.interests(target.id)).buy_minerals).toBe(false);
    expect(await core.likes.likedListingIds(target.id)).toEqual([]);
    expect(await core.dealAlerts.frequency(target.id)).not.toBe("daily");
    const self = core.sessions.sessionUser(target);
    expect(await core.dataRoomAccess.step(self, listing)).toBe("access-code");
    expect(await core.accessCodes.hasPendingRequest(target.id, listing.ListingId)).toBe(false);
    expect(await core.secureFiles.mine(self)).toEqual([]);
    expect(
      (await core.dataRoomView.room(self, inside.ListingId, 0, null)).view.files[0]?.note ?? null,
    ).toBeNull();
  });

  it("records what staff do while viewing as under their name, not the buyer's", async () => {
    const by = await newAdmin({ firstName: "Ada", lastName: "Admin" });
    const target = await buyer({ firstName: "Vera", lastName: "Buyer" });
    await openTestDataRoom(core, target.id, listing.ListingId);
    const png = Buffer.from(PNG_HEX, "hex");
    const file = await core.dataRoomUploads.add(
      by.staff.user,
      { target: "data-room", listingId: listing.ListingId, folderId: 0, filename: "well.png" },
      { name: "well.png", size: png.length, open: () => Readable.from([png]) },
      null,
    );
    const { token, viewer } = await viewAs(by, target.id);
    await core.dataRoomView.room(viewer, listing.ListingId, 0, "203.0.113.9");
    await core.dataRoomDelivery.deliver(viewer, listing.ListingId, file.id, "download", "203.0.113.9");
    await core.sessions.endSession(token, target.id);
    const label = "Ada Admin viewing as Vera Buyer";

    const filter = activityFilterSchema.parse({ buyer: String(target.id) });
    const activity = await core.dataRoomActivity.forListing(by.staff.user, listing.ListingId, filter);
    expect(activity.entries.map((e) => [e.event, e.userName])).toEqual([
      ["file-downloaded", label],
      ["folder-opened", label],
    ]);
    // The buyer has not visited: the per-buyer summary leaves staff's view out.
    expect(activity.buyers.map((b) => b.userId)).not.toContain(target.id);
    expect((await core.dataRoomActivity.csv(by.staff.user, listing.ListingId, filter)).body).toContain(
      `,${target.email},${label},Folder opened,`,
    );

    const page = await core.userDetail.detail(chiefStaff, target.id);
    expect(page.dataRoomActivity.map((e) => [e.event, e.by])).toEqual([
      ["File downloaded", label],
      ["Folder opened", label],
    ]);
    expect(page.activity.find((a) => a.action === "logout")?.by).toBe(label);
    // The admin's own page lists it too.
    const adminPage = await core.userDetail.detail(chiefStaff, by.admin.id);
    expect(adminPage.dataRoomActivity.filter((e) => e.by !== null).map((e) => [e.event, e.by])).toEqual([
      ["File downloaded", label],
      ["Folder opened", label],
    ]);
  });
});
