import type { Core } from "../core.ts";
import { insertTestAccount } from "./test-accounts.ts";

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
