import type { SessionUser } from "@aea/domain";
import { beforeAll, expect } from "vitest";
import type { User } from "../accounts/user.repository.ts";
import type { Core } from "../core.ts";
import { coreForSuite, mailListenerForSuite } from "./suite.ts";
import { insertTestAccount } from "./test-accounts.ts";
import type { TestEngine } from "./test-cores.ts";

/** The password of every account the kit makes. */
export const KIT_PASSWORD = "Right2030";

/**
 * Accounts, logins and mailed links for tests of a core whose mail waits in the outbox (no SMTP_URL)
 * and whose PUBLIC_URL is http://aea.test. `core` is read at each call (tests create it in beforeAll).
 */
export function testAccountKit(core: () => Core) {
  /** A fresh account, so each test starts with no failures, sessions or mail of its own. */
  const newAccount = ({ verified = true, email = "", isAdmin = false } = {}) =>
    insertTestAccount(core(), { password: KIT_PASSWORD, verified, isAdmin, ...(email ? { email } : {}) });

  const loginToken = async (email: string, password = KIT_PASSWORD, remember = false) => {
    const result = await core().logins.login(email, password, remember);
    if (result.status !== "ok") throw new Error(`login of ${email}: ${result.status}`);
    return result.token;
  };

  const mailsTo = async (email: string) => (await core().outbox.messages(1000)).filter((m) => m.to === email);

  /** The token of the newest link to `path` mailed to `email`. */
  const linkToken = async (email: string, path: string) => {
    const prefix = `http://aea.test${path}?token=`;
    const mail = (await mailsTo(email)).find((m) => m.text.includes(prefix));
    if (!mail) throw new Error(`no ${path} link mailed to ${email}`);
    const url = mail.text.slice(mail.text.indexOf(prefix)).split(/\s/)[0];
    return new URL(url).searchParams.get("token") ?? "";
  };

  return { newAccount, loginToken, mailsTo, linkToken };
}

/**
 * A core for the tests of the calling describe block that mails through a real SMTP listener, at
 * PUBLIC_URL http://aea.test, with the README's demo accounts (which a non-local PUBLIC_URL does not
 * get by default). `mailArrives` waits up to two seconds for the listener to hold the mail looked for.
 */
export function mailingCoreForSuite(engine: TestEngine) {
  const smtp = mailListenerForSuite();
  const suite = coreForSuite(engine, () => ({
    SMTP_URL: smtp.url,
    PUBLIC_URL: "http://aea.test",
    SEED_DEMO_ACCOUNTS: "true",
  }));
  const mailArrives = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(check()).toBe(true);
  };
  return {
    smtp,
    mailArrives,
    get core() {
      return suite.core;
    },
  };
}

/** The password of the staff member and buyers of `staffDeskForSuite`. */
export const STAFF_DESK_PASSWORD = "Staff2026!";

/**
 * A core without demo accounts for the tests of the calling describe block, with an admin (Ada) logged
 * in as the staff member acting, and fresh buyers on demand.
 */
export function staffDeskForSuite(engine: TestEngine) {
  const suite = coreForSuite(engine, { SEED_DEMO_ACCOUNTS: "false" });
  const desk = {} as { admin: User; staff: { user: SessionUser; sessionToken: string } };
  beforeAll(async () => {
    desk.admin = await insertTestAccount(suite.core, {
      password: STAFF_DESK_PASSWORD,
      isAdmin: true,
      firstName: "Ada",
    });
    const login = await suite.core.logins.login(desk.admin.email, STAFF_DESK_PASSWORD, false);
    if (login.status !== "ok") throw new Error(login.status);
    desk.staff = { user: login.user, sessionToken: login.token };
  });
  const buyer = (fields: Partial<User> = {}) =>
    insertTestAccount(suite.core, { password: STAFF_DESK_PASSWORD, officialCompanyName: null, ...fields });
  return {
    buyer,
    get core() {
      return suite.core;
    },
    get admin() {
      return desk.admin;
    },
    get staff() {
      return desk.staff;
    },
  };
}
