import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import { AGREEMENT_TEXTS, agreementPlainText, isSold, type Listing, type SessionUser } from "@aea/domain";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../clock.ts";
import type { Core } from "../../core.ts";
import { listAll } from "../../storage/storage.ts";
import { pngBombDataUrl } from "../../testing/png-bomb.ts";
import { startSmtpListener } from "../../testing/smtp-listener.ts";
import { insertTestAccount } from "../../testing/test-accounts.ts";
import { testEngines, testStorage } from "../../testing/test-cores.ts";
import { testDatabase } from "../../testing/test-database.ts";

const PUBLIC_URL = "http://aea.test";
const WHERE = { ipAddress: "203.0.113.7", userAgent: "Mozilla/5.0 (AgreementTest) Chromium/140" };
/** A 1×1 PNG, as the signature pad would send (much smaller). */
const DOT_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

const pdfText = (bytes: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), "aea-ca-")), "signed.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8");
};

describe.each(testEngines())("confidentiality agreements on $name", (engine) => {
  let core: Core;
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
  let listing: Listing;
  const clock = new ManualClock(Date.parse("2031-03-04T15:16:17.000Z"));
  let admin: SessionUser;

  const buyerWithGrant = async (grant = true) => {
    const user = await insertTestAccount(core, {
      password: "Right2030",
      firstName: "Dana",
      lastName: "Buyer",
    });
    if (grant)
      await core.dataRoomAccess.grantDataRoom(
        { userId: admin.id, ipAddress: null },
        user.id,
        listing.ListingId,
        "staff",
      );
    return core.sessions.sessionUser(user);
  };
  const rows = (userId: number) =>
    testDatabase(core).db.selectFrom("signed_agreements").selectAll().where("userId", "=", userId).execute();

  beforeAll(async () => {
    smtp = await startSmtpListener();
    core = await engine.create({ SMTP_URL: smtp.url, PUBLIC_URL }, { clock });
    const listings = await core.listings.publicListings();
    const found = listings.find((l) => l.hasVDR && l.requiresDueDiligenceAccess && !isSold(l));
    if (!found) throw new Error("no public listing with a data room in the demo data");
    listing = found;
    admin = core.sessions.sessionUser(
      await insertTestAccount(core, { password: "Right2030", isAdmin: true }),
    );
  });
  afterAll(async () => {
    await core.close();
    await smtp.close();
  });

  it("signs once: the PDF holds the text and the certificate, the hash matches, both are mailed", async () => {
    const buyer = await buyerWithGrant();
    expect(await core.dataRoomAccess.step(buyer, listing)).toBe("agreement");
    const mailsBefore = smtp.mails.length;

    const signed = await core.agreements.sign(
      buyer,
      listing.ListingId,
      { fullName: "Dana Q. Buyer", company: "Permian Ventures, LLC", consent: "on", signature: DOT_PNG },
      WHERE,
    );
    expect(await core.dataRoomAccess.step(buyer, listing)).toBe("open");
    const agreement = core.agreements.agreementFor(listing, clock.now());
    const sha = createHash("sha256").update(agreementPlainText(agreement)).digest("hex");
    expect(signed).toMatchObject({
      signerName: "Dana Q. Buyer",
      signerEmail: buyer.email,
      company: "Permian Ventures, LLC",
      signedAt: "2031-03-04T15:16:17.000Z",
      ipAddress: WHERE.ipAddress,
      userAgent: WHERE.userAgent,
      agreementSha256: sha,
    });

    const download = await core.agreements.signedPdf(buyer, listing.ListingId);
    const stream = await download?.file.open();
    if (!stream) throw new Error("the signed PDF is not in storage");
    const bytes = await buffer(stream);
    const text = pdfText(bytes).replace(/\s+/g, " ");
    expect(text).toContain("Confidentiality Agreement");
    expect(text).toContain(`(Listing #${listing.ListingId})`);
    expect(text).toContain("made on 2031-03-04");
    expect(text).toContain("Signature certificate");
    for (const value of ["Dana Q. Buyer", buyer.email, "Permian Ventures, LLC", "2031-03-04T15:16:17.000Z"])
      expect(text).toContain(value);
    expect(text).toContain(WHERE.ipAddress);
    expect(text).toContain(WHERE.userAgent);
    expect(text).toContain(sha);
    expect(text).toContain("Drawn signature Yes");

    // The buyer and the staff inbox each get the signed PDF attached.
    await expect.poll(() => smtp.mails.length - mailsBefore).toBe(2);
    const mails = smtp.mails.slice(mailsBefore);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([buyer.email, core.config.supportEmail].sort());
    for (const mail of mails) {
      expect(mail.raw).toMatch(/Content-Type: application\/pdf; name=confidentiality-agreement-\d+\.pdf/);
      expect(mail.text).toContain(`${PUBLIC_URL}/deals/${listing.ListingId}/data-room/agreement.pdf`);
    }

    // The audit trail has it, the dashboard counts it.
    const activity = await core.dataRoomActivity.forListing(admin, listing.ListingId, { page: 1 });
    expect(activity.entries.find((e) => e.userId === buyer.id)).toMatchObject({
      event: "agreement-signed",
      userEmail: buyer.email,
      ipAddress: WHERE.ipAddress,
    });
    expect(activity.buyers.find((b) => b.userId === buyer.id)).toMatchObject({ signedAgreement: true });
    expect((await core.agreements.signedCounts()).get(listing.ListingId)).toBeGreaterThanOrEqual(1);
    const row = (await core.dataRoomActivity.dashboard()).find((r) => r.ListingId === listing.ListingId);
    expect(row?.signedCAs).toBeGreaterThanOrEqual(1);
    expect(row?.weekly.at(-1)?.events).toBeGreaterThanOrEqual(1);

    // A second signature is refused and changes nothing.
    await expect(
      core.agreements.sign(
        buyer,
        listing.ListingId,
        { fullName: "Again", company: "X", consent: "on" },
        WHERE,
      ),
    ).rejects.toMatchObject({ status: 409, code: "ALREADY_SIGNED" });
    expect(await rows(buyer.id)).toHaveLength(1);
  });

  it("only the signer and staff download a signed copy", async () => {
    const signer = await buyerWithGrant();
    await core.agreements.sign(
      signer,
      listing.ListingId,
      { fullName: "S", company: "C", consent: "on" },
      WHERE,
    );
    const other = await buyerWithGrant();
    expect(await core.agreements.signedPdf(signer, listing.ListingId)).toBeDefined();
    expect(await core.agreements.signedPdf(admin, listing.ListingId, signer.id)).toBeDefined();
    expect(await core.agreements.signedPdf(other, listing.ListingId, signer.id)).toBeUndefined();
    expect(await core.agreements.signedPdf(other, listing.ListingId)).toBeUndefined();
    expect(await core.agreements.signedPdf(null, listing.ListingId, signer.id)).toBeUndefined();
    expect(await core.agreements.signedPdf(admin, 99_999_999, signer.id)).toBeUndefined();
  });

  it("refuses a buyer who is not at the agreement step, and a drawing that is not a PNG", async () => {
    const outsider = await buyerWithGrant(false);
    const input = { fullName: "Out Sider", company: "Nope", consent: "on" } as const;
    await expect(core.agreements.sign(outsider, listing.ListingId, input, WHERE)).rejects.toMatchObject({
      status: 404,
    });
    await expect(core.agreements.sign(outsider, 99_999_999, input, WHERE)).rejects.toMatchObject({
      status: 404,
    });
    const buyer = await buyerWithGrant();
    await expect(
      core.agreements.sign(
        buyer,
        listing.ListingId,
        { ...input, signature: "data:image/png;base64,AAAA" },
        WHERE,
      ),
    ).rejects.toMatchObject({ status: 400, code: "BAD_SIGNATURE" });
    expect(await rows(outsider.id)).toEqual([]);
    expect(await rows(buyer.id)).toEqual([]);
  });

  it("refuses a drawn signature claiming more pixels than a signature pad makes, before decoding it", async () => {
    const buyer = await buyerWithGrant();
    const prefix = `agreements/${listing.ListingId}/${buyer.id}-`;
    const filesBefore = await listAll(testStorage, prefix);
    // 1.6 KB and 65 KB of data URL; 36 MB and 1.6 GB once decoded to RGBA.
    for (const side of [3000, 20_000]) {
      await expect(
        core.agreements.sign(
          buyer,
          listing.ListingId,
          { fullName: "Bo Mb", company: "Zip Ltd", consent: "on", signature: pngBombDataUrl(side, side) },
          WHERE,
        ),
      ).rejects.toMatchObject({
        status: 400,
        code: "BAD_SIGNATURE",
        message: AGREEMENT_TEXTS.signatureTooLarge,
      });
    }
    expect(await rows(buyer.id)).toEqual([]);
    expect(await listAll(testStorage, prefix)).toEqual(filesBefore);
    // A drawing the size of the pad at a pixel density of 4 still signs.
    const pad = await sharp({ create: { width: 3200, height: 576, channels: 4, background: "#0b1b3180" } })
      .png()
      .toBuffer();
    await core.agreements.sign(
      buyer,
      listing.ListingId,
      {
        fullName: "Bo Mb",
        company: "Zip Ltd",
        consent: "on",
        signature: `data:image/png;base64,${pad.toString("base64")}`,
      },
      WHERE,
    );
    expect(await rows(buyer.id)).toHaveLength(1);
  });

  it("a signature whose mail cannot be kept leaves no agreement, no event and no file", async () => {
    const buyer = await buyerWithGrant();
    const prefix = `agreements/${listing.ListingId}/${buyer.id}-`;
    const filesBefore = (await listAll(testStorage, prefix)).map((o) => o.key);
    const { db, engine: name } = testDatabase(core);
    if (name === "sqlite") {
      await sql`CREATE TRIGGER refuse_outbox BEFORE INSERT ON mail_outbox
        BEGIN SELECT RAISE(ABORT, 'outbox refused'); END`.execute(db);
    } else {
      await sql`ALTER TABLE mail_outbox ADD CONSTRAINT refuse_outbox CHECK (false) NOT VALID`.execute(db);
    }
    try {
      await expect(
        core.agreements.sign(buyer, listing.ListingId, { fullName: "H", company: "C", consent: "on" }, WHERE),
      ).rejects.toThrow();
    } finally {
      if (name === "sqlite") await sql`DROP TRIGGER refuse_outbox`.execute(db);
      else await sql`ALTER TABLE mail_outbox DROP CONSTRAINT refuse_outbox`.execute(db);
    }
    expect(await rows(buyer.id)).toEqual([]);
    const events = await db
      .selectFrom("data_room_events")
      .selectAll()
      .where("userId", "=", buyer.id)
      .where("event", "=", "agreement-signed")
      .execute();
    expect(events).toEqual([]);
    expect((await listAll(testStorage, prefix)).map((o) => o.key)).toEqual(filesBefore);
    expect(await core.dataRoomAccess.step(buyer, listing)).toBe("agreement");
  });
});
