import {
  ceremonyAt,
  enrolTestAuthenticator,
  insertTestStaff,
  SoftwareAuthenticator,
  testDatabase,
  testEngines,
} from "@aea/core/testing";
import { accessRefusal, isSold, listingFormSchema, VIEWING_AS_READ_ONLY } from "@aea/domain";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { changedTables, databaseState } from "../testing/database-state.ts";
import { type MatrixFixtures, matrixFixtures } from "../testing/matrix-fixtures.ts";
import { ROLE_PASSWORD, type Role, roles, roleUser, type Viewer, viewers } from "../testing/role-sessions.ts";
import { routeRecorder } from "../testing/route-table.ts";
import { apiRefusal } from "./access.ts";

/** The status each role gets for one valid request. */
type Expected = Record<Role, number>;
const everyone = (status: number): Expected =>
  Object.fromEntries(roles.map((role) => [role, status])) as Expected;
const signedIn = (status: number): Expected => ({ ...everyone(status), anonymous: 401 });
const adminsOnly = (status: number): Expected => ({
  anonymous: 401,
  buyer: 403,
  privateBuyer: 403,
  claim: 403,
  admin: status,
  management: status,
});

interface Request {
  url: string;
  payload?: object;
  headers?: Record<string, string>;
}

/** The n-th public deal with a data room that takes new buyers. */
const dataRoomDealId = async (f: MatrixFixtures, n: number) => {
  const deals = (await f.core.listings.publicListings()).filter((d) => d.hasVDR && !isSold(d));
  const deal = deals[n];
  if (!deal) throw new Error("the demo data lacks public deals with a data room");
  return deal.ListingId;
};

/** The listing's access code (random here: the matrix's core is no local demo). */
const accessCodeOf = async (f: MatrixFixtures, listingId: number) => {
  const listing = await f.core.listings.findById(listingId);
  return listing ? f.core.accessCodes.accessCode(listing) : "";
};

interface ApiCase {
  /** `METHOD /path` of the route as registered: every such route needs at least one case. */
  route: string;
  /** What the request asks, when a route has more than one case. */
  name?: string;
  expected: Expected;
  /** Ends the role's session or changes its login: the account is put back afterwards. */
  changesAccount?: boolean;
  /** Puts back what the request gave the role's account (a passkey), after the request. */
  cleanUp?(fixtures: MatrixFixtures, role: Role): Promise<void>;
  /** A request that passes validation, so the answer is about who asks. */
  request(fixtures: MatrixFixtures, role: Role): Request | Promise<Request>;
}

const profile = {
  companyName: "Matrix Oil LLC",
  firstName: "Role",
  lastName: "Tester",
  title: "Landman",
  contactPhone: "+1 713 555 0100",
  userRequestedAddress: "1 Main St",
  userRequestedCity: "Houston",
  userRequestedState: "TX",
  userRequestedZip: "77002",
  companyLocationAddress: "1 Main St",
  companyLocationCity: "Houston",
  companyLocationState: "TX",
  companyLocationZip: "77002",
};
const contact = { firstName: "Rita", lastName: "Roles", email: "rita@example.test", subject: "Hello" };

// Every non-GET API route × the six roles of spec §6 (issue 11). Anonymous visitors get 401, signed-in
// users without the right 403 (404 for a private deal they may not see), and a refused request
// leaves every table as it was.
/** A demo data room every admin may open and no role's buyer was let into, with one of its files. */
async function demoRoom(f: MatrixFixtures) {
  const listing = (await f.core.listings.publicListings()).find((l) => l.hasVDR && !l.sold);
  if (!listing) throw new Error("no demo data room");
  const admin = await f.core.accounts.findUser(f.sessions.account("admin").id);
  if (!admin) throw new Error("no admin");
  const staff = f.core.sessions.sessionUser(admin);
  const top = await f.core.dataRoomView.room(staff, listing.ListingId, 0, null);
  const folderId = top.view.folders[0]?.id ?? 0;
  const { view } = await f.core.dataRoomView.room(staff, listing.ListingId, folderId, null);
  const fileId = view.files[0]?.id;
  if (!fileId) throw new Error("the demo room has no files");
  /** A folder of the room's own for one request to change. */
  const newFolder = async () =>
    (await f.core.dataRoomFolders.createFolder(staff, listing.ListingId, 0, f.unique("matrix folder"), null))
      .id;
  return { listingId: listing.ListingId, fileId, staff, newFolder };
}

/** Admins are in every room; buyers without a grant get the room's 404, anonymous visitors a 401. */
const inTheRoom = (status: number): Expected => ({
  anonymous: 401,
  buyer: 404,
  privateBuyer: 404,
  claim: 404,
  admin: status,
  management: status,
});

const tusHeaders = { "tus-resumable": "1.0.0" };

const cases: ApiCase[] = [
  {
    route: "POST /api/FolderManager/InsertFileNotes",
    expected: inTheRoom(200),
    request: async (f) => ({
      url: "/api/FolderManager/InsertFileNotes",
      payload: { fileId: (await demoRoom(f)).fileId, note: "Matrix note" },
    }),
  },
  {
    route: "POST /api/FolderManager/UpdateFileNotes",
    name: "the admin role's own note",
    // Notes are private: management (another admin) may not touch the admin's note either.
    expected: { ...inTheRoom(200), management: 404 },
    request: async (f) => {
      const room = await demoRoom(f);
      const note = await f.core.dataRoomView.insertNote(room.staff, room.fileId, "Admin's note", null);
      return { url: "/api/FolderManager/UpdateFileNotes", payload: { noteId: note.id, note: "Rewritten" } };
    },
  },
  {
    route: "POST /api/FolderManager/CreateFolder",
    expected: inTheRoom(200),
    request: async (f) => ({
      url: "/api/FolderManager/CreateFolder",
      payload: { listingId: (await demoRoom(f)).listingId, parentId: 0, name: f.unique("New folder") },
    }),
  },
  {
    route: "POST /api/FolderManager/Rename",
    expected: inTheRoom(200),
    request: async (f) => {
      const room = await demoRoom(f);
      const id = await room.newFolder();
      return {
        url: "/api/FolderManager/Rename",
        payload: { listingId: room.listingId, kind: "folder", id, name: f.unique("Renamed") },
      };
    },
  },
  {
    route: "POST /api/FolderManager/Move",
    expected: inTheRoom(200),
    request: async (f) => {
      const room = await demoRoom(f);
      const [id, into] = [await room.newFolder(), await room.newFolder()];
      return {
        url: "/api/FolderManager/Move",
        payload: { listingId: room.listingId, kind: "folder", id, folderId: into },
      };
    },
  },
  {
    route: "POST /api/FolderManager/Delete",
    expected: inTheRoom(200),
    request: async (f) => {
      const room = await demoRoom(f);
      return {
        url: "/api/FolderManager/Delete",
        payload: { listingId: room.listingId, kind: "folder", id: await room.newFolder() },
      };
    },
  },
  {
    route: "POST /api/FolderManager/uploads",
    name: "start a Secure Files upload",
    expected: signedIn(201),
    request: () => ({
      url: "/api/FolderManager/uploads",
      headers: {
        ...tusHeaders,
        "upload-length": "12",
        "upload-metadata": `target ${Buffer.from("secure-files").toString("base64")},filename ${Buffer.from("a.csv").toString("base64")}`,
      },
    }),
  },
  {
    route: "POST /api/FolderManager/uploads",
    name: "start a data-room upload",
    expected: { anonymous: 401, buyer: 404, privateBuyer: 404, claim: 404, admin: 201, management: 201 },
    request: async (f) => {
      const meta = {
        target: "data-room",
        listingId: String((await demoRoom(f)).listingId),
        filename: "a.csv",
      };
      return {
        url: "/api/FolderManager/uploads",
        headers: {
          ...tusHeaders,
          "upload-length": "12",
          "upload-metadata": Object.entries(meta)
            .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
            .join(","),
        },
      };
    },
  },
  {
    route: "PATCH /api/FolderManager/uploads/:uploadId",
    name: "an upload that is not the caller's",
    expected: signedIn(404),
    request: () => ({
      url: "/api/FolderManager/uploads/0123456789abcdef0123456789abcdef",
      headers: { ...tusHeaders, "upload-offset": "0", "content-type": "application/offset+octet-stream" },
      payload: Buffer.from("x") as unknown as object,
    }),
  },
  {
    route: "DELETE /api/FolderManager/uploads/:uploadId",
    name: "an upload that is not the caller's",
    expected: signedIn(404),
    request: () => ({
      url: "/api/FolderManager/uploads/0123456789abcdef0123456789abcdef",
      headers: tusHeaders,
    }),
  },
  {
    route: "POST /api/Advisors/LikeDeal",
    name: "like a public deal",
    expected: signedIn(200),
    request: (f) => ({ url: `/api/Advisors/LikeDeal?listingId=${f.publicDealId}&liked=true` }),
  },
  {
    route: "POST /api/Advisors/LikeDeal",
    name: "like a private deal",
    expected: { anonymous: 401, buyer: 404, privateBuyer: 200, claim: 404, admin: 200, management: 200 },
    request: (f) => ({ url: `/api/Advisors/LikeDeal?listingId=${f.privateDealId}&liked=true` }),
  },
  {
    route: "POST /api/Advisors/GrantDueDiligenceAccess",
    name: "enter a public deal's access code",
    expected: signedIn(200),
    request: async (f) => {
      const listingId = await dataRoomDealId(f, 0);
      return {
        url: "/api/Advisors/GrantDueDiligenceAccess",
        payload: { code: await accessCodeOf(f, listingId), listingId },
      };
    },
  },
  {
    route: "POST /api/Advisors/GrantDueDiligenceAccess",
    name: "enter a private deal's access code",
    expected: { anonymous: 401, buyer: 404, privateBuyer: 200, claim: 404, admin: 200, management: 200 },
    request: async (f) => {
      const deal = (await f.core.listings.privateListings()).find((d) => d.hasVDR && !isSold(d));
      const listingId = deal?.ListingId ?? 0;
      return {
        url: "/api/Advisors/GrantDueDiligenceAccess",
        payload: { code: await accessCodeOf(f, listingId), listingId },
      };
    },
  },
  {
    route: "POST /api/Advisors/RequestDueDiligenceAccess",
    expected: signedIn(200),
    request: async (f) => ({
      url: "/api/Advisors/RequestDueDiligenceAccess",
      payload: { listingId: await dataRoomDealId(f, 1), message: "Matrix request" },
    }),
  },
  {
    route: "POST /api/Advisors/TrackDealsWebSearch",
    expected: everyone(204),
    request: () => ({ url: "/api/Advisors/TrackDealsWebSearch?search=permian" }),
  },
  {
    route: "POST /api/Auth/Login",
    expected: everyone(200),
    request: (f) => ({
      url: "/api/Auth/Login",
      payload: { email: f.target.email, password: f.target.password, rememberMe: false },
    }),
  },
  {
    route: "POST /api/login",
    expected: everyone(200),
    request: (f) => ({
      url: "/api/login",
      payload: { username: f.target.email, password: f.target.password },
    }),
  },
  {
    route: "POST /api/Auth/LoginSecondFactor",
    name: "a recovery code of an account with an authenticator",
    // Step two of somebody's login: the answer is about the pending login and its code, not who asks.
    expected: everyone(200),
    request: async (f) => {
      const account = await f.newAccount(true);
      const { recoveryCodes } = await enrolTestAuthenticator(f.core, account);
      const login = await f.core.logins.login(account.email, ROLE_PASSWORD, false);
      if (login.status !== "second-factor-required") throw new Error(login.status);
      return {
        url: "/api/Auth/LoginSecondFactor",
        payload: { pendingLogin: login.pendingLogin, code: recoveryCodes[0] },
      };
    },
  },
  {
    route: "POST /api/Auth/StepUp",
    name: "the password of an account without a second factor",
    expected: { ...everyone(204), anonymous: 401 },
    request: () => ({ url: "/api/Auth/StepUp", payload: { password: ROLE_PASSWORD } }),
  },
  {
    route: "POST /api/Auth/Logout",
    expected: everyone(204),
    changesAccount: true,
    request: () => ({ url: "/api/Auth/Logout" }),
  },
  {
    route: "POST /api/Auth/UpdateProfile",
    expected: signedIn(200),
    request: () => ({ url: "/api/Auth/UpdateProfile", payload: profile }),
  },
  {
    route: "POST /api/Auth/UpdateUserInfo",
    expected: signedIn(200),
    request: () => ({ url: "/api/Auth/UpdateUserInfo", payload: { firstName: "Rolf", lastName: "Tester" } }),
  },
  {
    route: "POST /api/Auth/UpdateAddtionalUserInfo",
    expected: signedIn(200),
    request: () => ({
      url: "/api/Auth/UpdateAddtionalUserInfo",
      payload: { companyName: "Matrix Gas LLC", title: "Engineer" },
    }),
  },
  {
    route: "POST /api/Auth/Signup",
    expected: everyone(201),
    request: (f) => ({
      url: "/api/Auth/Signup",
      payload: {
        firstName: "New",
        lastName: "Buyer",
        email: `${f.unique("signup")}@example.test`,
        password: ROLE_PASSWORD,
        confirmPassword: ROLE_PASSWORD,
      },
    }),
  },
  {
    route: "POST /api/Auth/VerifyUser",
    expected: everyone(200),
    request: async (f) => ({ url: `/api/Auth/VerifyUser?token=${await f.verificationToken()}` }),
  },
  {
    route: "POST /api/Auth/ResendVerification",
    expected: everyone(204),
    request: async (f) => ({
      url: `/api/Auth/ResendVerification?email=${(await f.newAccount(false)).email}`,
    }),
  },
  {
    route: "POST /api/Auth/SendResetPasswordEmail",
    expected: everyone(200),
    request: async (f) => ({
      url: `/api/Auth/SendResetPasswordEmail?email=${(await f.newAccount(true)).email}`,
    }),
  },
  {
    route: "POST /api/Auth/UpdatePassword",
    name: "change the signed-in user's password",
    expected: signedIn(200),
    changesAccount: true,
    request: () => ({ url: "/api/Auth/UpdatePassword?password=Changed2026" }),
  },
  {
    route: "POST /api/Auth/UpdatePassword",
    name: "reset a password with a mailed token",
    expected: everyone(200),
    request: async (f) => ({
      url: "/api/Auth/UpdatePassword?password=Changed2026",
      headers: { authorization: `Bearer ${await f.resetToken()}` },
    }),
  },
  {
    route: "POST /api/Auth/ChangeEmail",
    name: "change one's own email",
    expected: signedIn(200),
    changesAccount: true,
    request: (f, role) => ({
      url: `/api/Auth/ChangeEmail?userId=${role === "anonymous" ? f.victim.id : f.sessions.account(role).id}&newEmail=${f.unique("own")}@example.test`,
      payload: {},
    }),
  },
  {
    route: "POST /api/Auth/ChangeEmail",
    name: "change another user's email",
    expected: adminsOnly(200),
    request: (f) => ({
      url: `/api/Auth/ChangeEmail?userId=${f.victim.id}&newEmail=${f.unique("other")}@example.test`,
      payload: {},
    }),
  },
  {
    route: "POST /api/Auth/checkUserId",
    name: "ask about another user",
    expected: adminsOnly(200),
    request: (f) => ({ url: `/api/Auth/checkUserId?accessuserid=${f.victim.id}` }),
  },
  {
    route: "POST /api/UserInterests/Update",
    expected: signedIn(200),
    request: () => ({
      url: "/api/UserInterests/Update",
      payload: { selectedRegions: [], buy_producing: true },
    }),
  },
  {
    route: "POST /api/Mailer/SendContactUsEmail",
    expected: everyone(200),
    request: () => ({ url: "/api/Mailer/SendContactUsEmail", payload: { ...contact, message: "Hi" } }),
  },
  {
    route: "POST /api/Mailer/SendChatMessage",
    expected: everyone(200),
    request: () => ({
      url: "/api/Mailer/SendChatMessage",
      payload: { name: "Rita Roles", email: contact.email, message: "Is this deal open?", page: "/home" },
    }),
  },
  {
    route: "POST /api/Seller/Contact",
    expected: everyone(200),
    request: () => ({
      url: "/api/Seller/Contact",
      payload: { firstName: "Sam", lastName: "Seller", email: "sam@example.test", description: "Wells" },
    }),
  },
  {
    route: "POST /api/Push/Subscribe",
    expected: everyone(200),
    request: (f) => ({ url: "/api/Push/Subscribe", payload: f.pushSubscription() }),
  },
  {
    route: "POST /api/Push/Unsubscribe",
    expected: everyone(200),
    request: (f) => ({ url: "/api/Push/Unsubscribe", payload: { endpoint: f.pushSubscription().endpoint } }),
  },
  {
    route: "POST /api/Push/NotifyNewDeal",
    expected: adminsOnly(200),
    request: (f) => ({ url: "/api/Push/NotifyNewDeal", payload: { listingId: f.announceableDealId } }),
  },
];

/** A listing of the matrix's own, so picture uploads never touch the shared demo pictures. */
const STAFF_LISTING_ID = 99_500;
async function staffListing(f: MatrixFixtures) {
  const existing = await f.core.listings.findById(STAFF_LISTING_ID);
  if (existing) return existing;
  return f.core.listingEditing.create(
    await insertTestStaff(f.core),
    listingFormSchema.parse({
      ListingId: String(STAFF_LISTING_ID),
      Header: "Matrix listing",
      PLSCode: "PP",
      status: "ACTIVE",
      locationId: "1",
    }),
    null,
  );
}
/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const multipartPicture = () => {
  const png = PNG;
  const boundary = "matrix-boundary";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    payload: body as unknown as object,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
};
cases.push(
  {
    route: "POST /api/Advisors/UpdateListing",
    expected: adminsOnly(200),
    request: async (f) => {
      const listing = await staffListing(f);
      return {
        url: `/api/Advisors/UpdateListing?listingId=${listing.ListingId}`,
        payload: { Header: "Matrix listing, edited", updatedDate: listing.updatedDate },
      };
    },
  },
  {
    route: "PUT /api/Admin/UpdateListingWebSettings",
    expected: adminsOnly(200),
    request: async (f) => ({
      url: "/api/Admin/UpdateListingWebSettings",
      payload: { listingId: (await staffListing(f)).ListingId, isPreMarketing: true },
    }),
  },
  ...(["Cover", "Logo", "Tombstone"] as const).flatMap((source) => [
    {
      route: `POST /api/Advisors/Update${source}Image`,
      expected: adminsOnly(200),
      request: async (f: MatrixFixtures) => ({
        url: `/api/Advisors/Update${source}Image?listingId=${(await staffListing(f)).ListingId}`,
        ...multipartPicture(),
      }),
    },
    {
      route: `POST /api/Advisors/Clear${source}Image`,
      expected: adminsOnly(200),
      request: async (f: MatrixFixtures) => ({
        url: `/api/Advisors/Clear${source}Image?listingId=${(await staffListing(f)).ListingId}`,
      }),
    },
  ]),
);

/** The role's session token (none for anonymous visitors). */
const sessionTokenOf = (f: MatrixFixtures, role: Role) => f.sessions.cookie(role)?.split("=")[1];

/**
 * The body of RegisterPasskey: a software authenticator's answer to a live challenge of the role's
 * own session (anonymous visitors have none: theirs answers a challenge nobody issued).
 */
async function passkeyRegistration(f: MatrixFixtures, role: Role, device = new SoftwareAuthenticator()) {
  const challenge =
    role === "anonymous"
      ? "bm8tc3VjaC1jaGFsbGVuZ2U"
      : (
          await f.core.passkeys.registrationOptions({
            userId: f.sessions.account(role).id,
            sessionToken: sessionTokenOf(f, role),
          })
        ).challenge;
  return { name: "Matrix key", response: device.register(ceremonyAt(f.core.config.publicUrl, challenge)) };
}

/** Gives a signed-in role a passkey (removed again by `removeRolePasskeys`) and returns it. */
async function rolePasskey(f: MatrixFixtures, role: Role) {
  const device = new SoftwareAuthenticator();
  if (role === "anonymous") return device;
  const actor = { userId: f.sessions.account(role).id, sessionToken: sessionTokenOf(f, role) };
  const { name, response } = await passkeyRegistration(f, role, device);
  await f.core.passkeys.register(actor, name, response);
  return device;
}

const removeRolePasskeys = async (f: MatrixFixtures, role: Role) => {
  if (role === "anonymous") return;
  await testDatabase(f.core)
    .db.deleteFrom("passkeys")
    .where("userId", "=", f.sessions.account(role).id)
    .execute();
};

/** A new account with a passkey whose password was just given: the pending login and the passkey. */
async function pendingPasskeyLogin(f: MatrixFixtures) {
  const { email } = await f.newAccount(true);
  const first = await f.core.logins.login(email, ROLE_PASSWORD, false);
  if (first.status !== "ok") throw new Error(`login: ${first.status}`);
  const actor = { userId: first.user.id, sessionToken: first.token };
  const device = new SoftwareAuthenticator();
  const options = await f.core.passkeys.registrationOptions(actor);
  await f.core.passkeys.register(
    actor,
    "Key",
    device.register(ceremonyAt(f.core.config.publicUrl, options.challenge)),
  );
  const second = await f.core.logins.login(email, ROLE_PASSWORD, false);
  if (second.status !== "second-factor-required") throw new Error(`login: ${second.status}`);
  return { pendingLogin: second.pendingLogin, device };
}

cases.push(
  {
    route: "POST /api/Auth/PasskeyRegistrationOptions",
    expected: signedIn(200),
    request: () => ({ url: "/api/Auth/PasskeyRegistrationOptions" }),
  },
  {
    route: "POST /api/Auth/RegisterPasskey",
    expected: signedIn(201),
    cleanUp: removeRolePasskeys,
    request: async (f, role) => ({
      url: "/api/Auth/RegisterPasskey",
      payload: await passkeyRegistration(f, role),
    }),
  },
  {
    route: "POST /api/Auth/PasskeyLoginOptions",
    expected: everyone(200),
    request: async (f) => ({
      url: "/api/Auth/PasskeyLoginOptions",
      payload: { pendingLogin: (await pendingPasskeyLogin(f)).pendingLogin },
    }),
  },
  {
    route: "POST /api/Auth/LoginWithPasskey",
    expected: everyone(200),
    request: async (f) => {
      const { pendingLogin, device } = await pendingPasskeyLogin(f);
      const options = await f.core.passkeys.loginOptions(pendingLogin);
      const response = device.authenticate(ceremonyAt(f.core.config.publicUrl, options.challenge));
      return { url: "/api/Auth/LoginWithPasskey", payload: { pendingLogin, response } };
    },
  },
  {
    route: "POST /api/Auth/PasskeyStepUpOptions",
    expected: signedIn(200),
    cleanUp: removeRolePasskeys,
    request: async (f, role) => {
      await rolePasskey(f, role);
      return { url: "/api/Auth/PasskeyStepUpOptions" };
    },
  },
  {
    route: "POST /api/Auth/PasskeyStepUp",
    expected: signedIn(204),
    cleanUp: removeRolePasskeys,
    request: async (f, role) => {
      const device = await rolePasskey(f, role);
      const challenge =
        role === "anonymous"
          ? "bm8tc3VjaC1jaGFsbGVuZ2U"
          : (
              await f.core.passkeys.stepUpOptions({
                userId: f.sessions.account(role).id,
                sessionToken: sessionTokenOf(f, role),
              })
            ).challenge;
      const response = device.authenticate(ceremonyAt(f.core.config.publicUrl, challenge));
      return { url: "/api/Auth/PasskeyStepUp", payload: { response } };
    },
  },
);

/** Unknown API paths answer 404 JSON to every method; the catch-all's methods are covered by one test. */
const catchAll = "/api/*";

describe.each(testEngines())("authorization of every non-GET API route on $name", (engine) => {
  let fixtures: MatrixFixtures;
  let app: FastifyInstance;
  const routes = routeRecorder();
  let origin: string;
  // Each request from its own address: the per-address limits are not what this table tests.
  let address = 0;

  beforeAll(async () => {
    fixtures = await matrixFixtures(engine);
    app = await buildApp({ core: fixtures.core, withWebApp: false, onRoute: routes.onRoute });
    await app.ready();
    origin = new URL(fixtures.core.config.publicUrl).origin;
  });
  afterAll(async () => {
    await app?.close();
    await fixtures?.close();
  });

  const send = (method: string, request: Request, role: Role) => {
    const cookie = fixtures.sessions.cookie(role);
    return app.inject({
      method: method as InjectOptions["method"],
      url: request.url,
      payload: request.payload,
      headers: { origin, ...(cookie ? { cookie } : {}), ...request.headers },
      remoteAddress: `10.11.${Math.floor(++address / 250)}.${(address % 250) + 1}`,
    });
  };

  it("has an expectation for every route that can change state", () => {
    const covered = new Set(cases.map((c) => c.route));
    const missing = routes.unsafe().filter((route) => !covered.has(route) && !route.endsWith(` ${catchAll}`));
    expect(missing, "add these routes to the matrix with what each role gets").toEqual([]);
    const gone = [...covered].filter((route) => !routes.unsafe().includes(route));
    expect(gone, "these routes are in the matrix but no longer in the app").toEqual([]);
  });

  it("expects of every route what its declared audience refuses, and how (spec §6)", () => {
    const disagreements = cases.flatMap((apiCase) => {
      const audience = routes.audienceOf(apiCase.route.split(" ")[1]);
      if (!audience) return [`${apiCase.route} declares no audience`];
      return roles.flatMap((role) => {
        const refusal = accessRefusal(audience, roleUser(role));
        const answer = refusal && apiRefusal(refusal).status;
        return answer && apiCase.expected[role] !== answer ? [`${apiCase.route} as ${role}: ${answer}`] : [];
      });
    });
    expect(disagreements).toEqual([]);
  });

  for (const apiCase of cases) {
    const [method, path] = apiCase.route.split(" ");
    const title = `${path}${apiCase.name ? ` (${apiCase.name})` : ""} as %s`;
    it.each(roles)(title, async (role) => {
      const request = await apiCase.request(fixtures, role);
      const want = apiCase.expected[role];
      const refused = want >= 400;
      const before = refused ? await databaseState(fixtures.core) : undefined;
      try {
        const response = await send(method, request, role);
        expect(response.statusCode, response.body).toBe(want);
        if (before) expect(changedTables(before, await databaseState(fixtures.core))).toEqual([]);
      } finally {
        if (apiCase.changesAccount) await fixtures.sessions.restore(role);
        await apiCase.cleanUp?.(fixtures, role);
      }
    });
  }

  // "View as" is read-only (issue 20): every route that may change state refuses an admin viewing the
  // site as a buyer or as a manager, before it does anything; only logging out works.
  const viewerAnswers: Record<string, number> = { "POST /api/Auth/Logout": 204 };
  for (const apiCase of cases) {
    const [method, path] = apiCase.route.split(" ");
    const want = viewerAnswers[apiCase.route] ?? 403;
    it.each(viewers)(
      `${path}${apiCase.name ? ` (${apiCase.name})` : ""} while %s`,
      async (viewer: Viewer) => {
        const request = await apiCase.request(fixtures, "buyer");
        const cookie = await fixtures.sessions.viewingAsCookie(viewer);
        const before = await databaseState(fixtures.core);
        const response = await send(
          method,
          { ...request, headers: { ...request.headers, cookie } },
          "anonymous",
        );
        expect(response.statusCode, response.body).toBe(want);
        if (want === 403) {
          expect(response.json()).toEqual({ code: "IMPERSONATING", message: VIEWING_AS_READ_ONLY });
          expect(changedTables(before, await databaseState(fixtures.core))).toEqual([]);
        }
      },
    );
  }

  it.each(roles)(`every non-GET method of an unknown ${catchAll} path answers 404 as %s`, async (role) => {
    const methods = routes
      .unsafe()
      .filter((route) => route.endsWith(` ${catchAll}`))
      .map((route) => route.split(" ")[0]);
    expect(methods).toContain("POST");
    const before = await databaseState(fixtures.core);
    for (const method of methods) {
      const response = await send(method, { url: "/api/Auth/NoSuchRoute", payload: {} }, role);
      expect(response.statusCode, method).toBe(404);
    }
    expect(changedTables(before, await databaseState(fixtures.core))).toEqual([]);
  });
});
