import { PASSKEY_ADD, PASSKEY_ADDED, PASSKEY_NAME_LABEL, PASSKEY_USE, PASSKEYS_HEADING } from "@aea/domain";
import type { CDPSession, Page } from "@playwright/test";
import { drawEveryBand } from "../../../scripts/draw-every-band.ts";
import { expect as baseExpect, test, visit, waitForHydration } from "./fixtures";
import { ADMIN } from "./mailbox";
import { type OwnServer, startOwnServer } from "./own-server";

/**
 * Passkeys as a second factor (issue 20), with Chromium's virtual authenticator standing in for a
 * phone or a security key. Browsers accept a relying party only under a domain name, never an IP
 * address, so these tests run on a server of their own whose PUBLIC_URL is http://localhost:<port>
 * (the shared test server is http://127.0.0.1, where the site rightly offers no passkeys).
 */

// Each step waits on a password hash or a signature check: on a busy machine that takes seconds.
const expect = baseExpect.configure({ timeout: 20_000 });

const port = Number(process.env.E2E_PASSKEY_PORT ?? 3191);
const baseURL = `http://localhost:${port}`;
let server: OwnServer | undefined;

test.use({ baseURL });
test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startOwnServer("passkeys", port, { PUBLIC_URL: baseURL });
});
test.afterAll(async () => {
  await server?.stop();
});

/**
 * A platform authenticator with user verification, as a laptop's fingerprint reader offers. The test
 * keeps the returned session: the authenticator lives only as long as it.
 */
async function addVirtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return cdp;
}

async function logInWithPassword(page: Page): Promise<void> {
  await visit(page, "/login?redirectTo=%2Faccount%2Fsecurity");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

async function screenshots(page: Page, name: string): Promise<void> {
  await drawEveryBand(page);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test("an admin of the local demo adds a passkey, logs out, and logs in with the password and the passkey", async ({
  page,
}) => {
  const authenticator = await addVirtualAuthenticator(page);
  await logInWithPassword(page);
  await expect(page).toHaveURL(/\/account\/security$/);
  await waitForHydration(page);

  const section = page.getByRole("region", { name: PASSKEYS_HEADING });
  await expect(section).toBeVisible();
  await section.getByLabel(PASSKEY_NAME_LABEL).fill("Work laptop");
  await section.getByRole("button", { name: PASSKEY_ADD }).click();
  await expect(section.getByRole("status")).toHaveText(PASSKEY_ADDED);
  await expect(section.getByText("Work laptop", { exact: true })).toBeVisible();
  await expect(section.getByText(/not used yet/)).toBeVisible();
  await screenshots(page, "security-page-with-passkey");

  // Its only factor is the passkey: recovery codes are offered, so a lost laptop does not lock it out.
  await section.getByRole("button", { name: "Get recovery codes" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);

  await page.request.post("/api/Auth/Logout", { headers: { origin: baseURL } });

  await logInWithPassword(page);
  const usePasskey = page.getByRole("button", { name: PASSKEY_USE });
  await expect(usePasskey).toBeVisible();
  await screenshots(page, "login-step-two");
  await usePasskey.click();
  await expect(page).toHaveURL(/\/account\/security$/);
  await waitForHydration(page);
  await expect(page.getByRole("region", { name: PASSKEYS_HEADING }).getByText(/last used/)).toBeVisible();
  await authenticator.detach();
});

test("without the passkey's authenticator, the code form is still there and the passkey is refused", async ({
  page,
}) => {
  // A second authenticator holds no credential of this account: the browser finds nothing to sign with.
  const authenticator = await addVirtualAuthenticator(page);
  await logInWithPassword(page);
  await page.getByRole("button", { name: PASSKEY_USE }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await authenticator.detach();
});
