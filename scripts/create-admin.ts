/**
 * npm run create-admin -- you@firm.com
 *
 * Makes the first administrator of a deployment (demo accounts exist only in a local demo): creates a
 * verified admin account with a password nobody knows, or promotes the account that already has this
 * address, and issues a one-time set-password link. The link is mailed (SMTP when SMTP_URL is set,
 * otherwise the outbox) and printed here, so an operator can get in before mail works. Reads the same
 * environment and .env as `npm start` and opens the same database.
 */
import { existsSync } from "node:fs";
import { ConfigError, createCore, loadConfig } from "@aea/core";
import { emailSchema } from "@aea/domain";

const USAGE = "Usage: npm run create-admin -- you@firm.com";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1) {
    console.error(`Give exactly one email address.\n${USAGE}`);
    return 1;
  }
  const email = emailSchema.safeParse(args[0]);
  if (!email.success) {
    console.error(`"${args[0]}" is not a valid email address.\n${USAGE}`);
    return 1;
  }
  if (existsSync(".env")) process.loadEnvFile(".env");
  const config = loadConfig();
  // This command only adds an account: seeding the demo stays with `npm start`.
  const core = await createCore({ ...config, seedDemo: false, seedDemoAccounts: false });
  try {
    const result = await core.firstAdministrator.make(email.data);
    console.log(
      result.status === "created"
        ? `Created the administrator ${email.data}.`
        : `${email.data} already had an account: it is now a verified administrator (its password is unchanged).`,
    );
    const minutes = core.logins.limits.resetLinkMinutes;
    console.log(`Set-password link (works once, for ${minutes} minutes):\n${result.link}`);
    if (result.mailError) {
      console.log(`The link could not be mailed (${result.mailError}); hand it over yourself.`);
    } else if (config.smtpUrl) {
      console.log(`It was also mailed to ${email.data}.`);
    } else {
      console.log(
        "SMTP_URL is not set, so the mail waits in the outbox (/admin/outbox) instead of being sent.",
      );
    }
    return 0;
  } finally {
    await core.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
