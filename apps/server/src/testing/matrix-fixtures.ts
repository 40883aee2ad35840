import type { Core } from "@aea/core";
import type { TestEngine } from "@aea/core/testing";
import {
  browserPushKeys,
  linkIn,
  type PushServiceStandIn,
  startPushServiceStandIn,
  startSmtpListener,
  testDatabase,
} from "@aea/core/testing";
import { isOnPublicMarket } from "@aea/domain";
import webPush from "web-push";
import { ROLE_PASSWORD, RoleSessions, roleSessionsEnv } from "./role-sessions.ts";

/**
 * A refusal is answered by the server before core reaches the database (the audience, the read-only
 * hook of "view as"), so the engine cannot change it: refusals run on SQLite, and PostgreSQL runs the
 * writes that reach it. (Running both on both engines doubled the suite's longest files.)
 */
export const REFUSALS_ON_SQLITE = "a refusal does not depend on the database engine: checked on SQLite";

/**
 * What the authorization matrices need to send valid requests: a core with push on and mail going
 * to a local SMTP listener (links are read from the mails themselves), the role accounts, deals to
 * like and announce, and accounts for requests about somebody else.
 */
export interface MatrixFixtures {
  core: Core;
  sessions: RoleSessions;
  publicDealId: number;
  privateDealId: number;
  announceableDealId: number;
  /** A verified account that logins name (never a role's own); its password is ROLE_PASSWORD. */
  target: { id: number; email: string; password: string };
  /** Another buyer, whose email an admin may change and nobody else. */
  victim: { id: number; email: string };
  /** Different on every call: for sign-ups, new emails and push endpoints. */
  unique(prefix: string): string;
  /**
   * A new buyer account (password ROLE_PASSWORD). Requests that mail an account get a new one each,
   * since each account receives only a few mails an hour.
   */
  newAccount(verified: boolean): Promise<{ id: number; email: string }>;
  /** A live verification token of a new account. */
  verificationToken(): Promise<string>;
  /** A live password-reset token of a new verified account. */
  resetToken(): Promise<string>;
  pushSubscription(): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  close(): Promise<void>;
}

export async function matrixFixtures(engine: TestEngine): Promise<MatrixFixtures> {
  const smtp = await startSmtpListener();
  const pushService: PushServiceStandIn = await startPushServiceStandIn();
  pushService.trustInThisProcess();
  const vapid = webPush.generateVAPIDKeys();
  const core = await engine.create({
    ...roleSessionsEnv,
    SMTP_URL: smtp.url,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    PUSH_SERVICE_HOSTS: "127.0.0.1",
  });
  const sessions = await RoleSessions.create(core);
  let counter = 0;
  const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;

  const newAccount = async (email: string, verified: boolean) => {
    const created = await core.signUp.signup({
      firstName: "Matrix",
      lastName: "Person",
      email,
      password: ROLE_PASSWORD,
      confirmPassword: ROLE_PASSWORD,
    });
    if (created.status !== "created") throw new Error(`${email}: ${created.status}`);
    if (verified)
      await testDatabase(core)
        .db.updateTable("users")
        .set({ verified: 1 })
        .where("id", "=", created.userId)
        .execute();
    return created.userId;
  };
  const tokenMailedTo = async (email: string, page: string, after: number) => {
    for (let i = 0; i < 200; i++) {
      const mail = smtp.mails
        .slice(after)
        .findLast((m) => m.to.includes(email) && m.text.includes(`/${page}?token=`));
      if (mail) {
        const token = new URL(linkIn(mail, `${core.config.publicUrl}/${page}?token=`)).searchParams.get(
          "token",
        );
        if (token) return token;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no ${page} link was mailed to ${email}`);
  };

  const target = { email: "matrix.target@example.test", password: ROLE_PASSWORD, id: 0 };
  target.id = await newAccount(target.email, true);
  const victim = { email: "matrix.victim@example.test", id: 0 };
  victim.id = await newAccount(victim.email, true);

  const publicDeals = await core.listings.publicListings();
  const [privateDeal] = await core.listings.privateListings();
  const announceable = publicDeals.find(isOnPublicMarket);
  if (!publicDeals[0] || !privateDeal || !announceable)
    throw new Error("the demo data lacks public or private deals");

  return {
    core,
    sessions,
    publicDealId: publicDeals[0].ListingId,
    privateDealId: privateDeal.ListingId,
    announceableDealId: announceable.ListingId,
    target,
    victim,
    unique,
    async newAccount(verified) {
      const email = `${unique("account")}@example.test`;
      return { id: await newAccount(email, verified), email };
    },
    async verificationToken() {
      const email = `${unique("verify")}@example.test`;
      const after = smtp.mails.length;
      await newAccount(email, false);
      return tokenMailedTo(email, "verify-user", after);
    },
    async resetToken() {
      const email = `${unique("reset")}@example.test`;
      await newAccount(email, true);
      const after = smtp.mails.length;
      await core.passwords.sendResetPasswordEmail(email);
      return tokenMailedTo(email, "reset-password", after);
    },
    pushSubscription() {
      const keys = browserPushKeys();
      return {
        endpoint: pushService.endpoint(unique("browser")),
        expirationTime: null,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
      };
    },
    async close() {
      await core.close();
      await smtp.close();
      await pushService.close();
    },
  };
}
