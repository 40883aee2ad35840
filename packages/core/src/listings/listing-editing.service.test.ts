import {
  AppError,
  imageTooManyPixels,
  LISTING_CHANGED_ELSEWHERE,
  type Listing,
  type ListingForm,
  listingFormSchema,
  listingFormValues,
  listingIdTaken,
  NOT_AN_IMAGE,
  type SessionUser,
} from "@aea/domain";
import ExcelJS from "exceljs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ActivityReader } from "../audit/activity-reader.ts";
import { ManualClock } from "../clock.ts";
import type { Core } from "../core.ts";
import { USER_IMAGE_MAX_PIXELS } from "../images/user-image.ts";
import { readObject } from "../storage/storage.ts";
import { pngBomb } from "../testing/png-bomb.ts";
import { insertTestStaff } from "../testing/test-accounts.ts";
import { testEngines, testStorage } from "../testing/test-cores.ts";
import { testDatabase } from "../testing/test-database.ts";

const NEW_ID = 99_001;

const form = (over: Record<string, unknown> = {}): ListingForm =>
  listingFormSchema.parse({
    ListingId: String(NEW_ID),
    Header: "Operated Midland Basin Package",
    PLSCode: "PP/DV",
    status: "ACTIVE",
    locationId: "1",
    latitude: "31.95",
    longitude: "-102.05",
    usa: "on",
    medium: "on",
    region: "Permian",
    basin: "Midland",
    projectedSalePrice: "12500000",
    dateListed: "2031-05-01",
    ...over,
  });

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3366aa" } })
    .png()
    .toBuffer();

describe.each(testEngines())("staff editing listings on $name", (engine) => {
  let core: Core;
  let staff: SessionUser;
  const clock = new ManualClock(Date.parse("2031-05-15T12:00:00.000Z"));

  beforeAll(async () => {
    core = await engine.create({ SEED_DEMO_ACCOUNTS: "false" }, { clock });
    staff = await insertTestStaff(core);
  });
  afterAll(async () => {
    for (const file of ["cover.jpg", "logo.png", "tombstone.png"])
      await testStorage.delete(`listings/${NEW_ID}/${file}`);
    await core?.close();
  });

  it("creates a listing that the public list shows at once, with what derives from it", async () => {
    const version = core.dataVersion.of("listings");
    const created = await core.listingEditing.create(staff, form(), null);
    expect(core.dataVersion.of("listings")).toBeGreaterThan(version);
    const listed = (await core.listings.publicListings()).find((l) => l.ListingId === NEW_ID);
    expect(listed).toMatchObject({
      Header: "Operated Midland Basin Package",
      PLSCode: "PP/DV",
      listingType: "PP",
      listingTypeDesc: "Producing Properties",
      statusId: 1,
      webStatus: "Active",
      coordinates: "31.95,-102.05",
      projectedSalePrice: 12_500_000,
      dateListed: "2031-05-01T00:00:00.000Z",
      updatedDate: created.updatedDate,
      Url: `/deals/${NEW_ID}`,
      sold: false,
    });
  });

  it("files a deal alert when a listing goes on the public market, and only then", async () => {
    const alerts = async () =>
      (await testDatabase(core).db.selectFrom("deal_alerts").select("ListingId").execute()).map(
        (row) => row.ListingId,
      );
    // The listing created above is public and active: published.
    expect(await alerts()).toEqual([NEW_ID]);
    const privateId = NEW_ID + 1;
    await core.listingEditing.create(staff, form({ ListingId: String(privateId), isPrivate: "on" }), null);
    expect(await alerts()).toEqual([NEW_ID]);
    // Re-listed: a private listing made public files its alert; a further edit of it does not.
    const read = (await core.listings.findById(privateId))!;
    const relisted = await core.listingEditing.update(
      staff,
      privateId,
      listingFormSchema.parse({ ...listingFormValues(read, undefined), isPrivate: undefined }),
      null,
    );
    expect(await alerts()).toEqual([NEW_ID, privateId]);
    await core.listingEditing.update(
      staff,
      privateId,
      listingFormSchema.parse({ ...listingFormValues(relisted, undefined), Header: "Renamed" }),
      null,
    );
    expect(await alerts()).toEqual([NEW_ID, privateId]);
  });

  it("refuses an actor who is not staff, whichever door called it, and writes nothing", async () => {
    const buyer = { id: staff.id, isAdmin: false };
    const before = await core.listings.findById(NEW_ID);
    const error = await refusal(
      core.listingEditing.update(buyer, NEW_ID, form({ Header: "By a buyer" }), null),
    );
    expect([error.status, error.code]).toEqual([403, "FORBIDDEN"]);
    expect(await refusal(core.listingEditing.clearImage(buyer, NEW_ID, "Logo", null))).toMatchObject({
      status: 403,
    });
    expect(await core.listings.findById(NEW_ID)).toEqual(before);
  });

  it("refuses a listing number that is taken, and writes nothing", async () => {
    const error = await refusal(core.listingEditing.create(staff, form({ Header: "Another" }), null));
    expect([error.status, error.message]).toEqual([409, listingIdTaken(NEW_ID)]);
    expect((await core.listings.findById(NEW_ID))?.Header).toBe("Operated Midland Basin Package");
  });

  it("saves an edit of the current version and refuses one of an older version", async () => {
    const read = (await core.listings.findById(NEW_ID))!;
    const values = listingFormValues(read, undefined);
    const first = await core.listingEditing.update(
      staff,
      NEW_ID,
      listingFormSchema.parse({ ...values, Header: "Renamed by the first" }),
      null,
    );
    expect(first.updatedDate).not.toBe(read.updatedDate);
    // The second staff member's form still carries the version both read.
    const error = await refusal(
      core.listingEditing.update(
        staff,
        NEW_ID,
        listingFormSchema.parse({ ...values, Header: "Renamed by the second", status: "SOLD" }),
        null,
      ),
    );
    expect([error.status, error.message]).toEqual([409, LISTING_CHANGED_ELSEWHERE]);
    expect(await core.listings.findById(NEW_ID)).toMatchObject({
      Header: "Renamed by the first",
      sold: false,
    });
  });

  it("records each staff change in the audit with who made it and from where, and a refused one not at all", async () => {
    const read = (await core.listings.findById(NEW_ID)) as Listing;
    const trail = () => new ActivityReader(testDatabase(core).db).forListing(NEW_ID, 100);
    const before = (await trail()).length;
    await core.listingEditing.update(
      staff,
      NEW_ID,
      listingFormSchema.parse({ ...listingFormValues(read, undefined), Header: "Audited rename" }),
      "203.0.113.9",
    );
    await refusal(
      core.listingEditing.update(
        staff,
        NEW_ID,
        listingFormSchema.parse({ ...listingFormValues(read, undefined), Header: "Stale rename" }),
        "203.0.113.9",
      ),
    );
    const entries = await trail();
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({
      action: "listing-edited",
      userId: staff.id,
      ipAddress: "203.0.113.9",
      listingId: NEW_ID,
      at: new Date(clock.now()).toISOString(),
    });
    expect(JSON.parse(entries[0].detail ?? "{}")).toEqual({ fields: ["Header"] });
    // The staff member's user page lists it among what they did.
    const own = await new ActivityReader(testDatabase(core).db).forUser(staff.id, 5);
    expect(own.account[0]).toEqual(entries[0]);
  });

  it("keeps a private deal's extras, and removes them when it is public again", async () => {
    const read = (await core.listings.findById(NEW_ID))!;
    await core.listingEditing.update(
      staff,
      NEW_ID,
      listingFormSchema.parse({
        ...listingFormValues(read, undefined),
        isPrivate: "on",
        passcode: "DD-99001",
        deadlineDate: "2031-07-01",
      }),
      null,
    );
    expect((await core.listings.privateListings()).map((l) => l.ListingId)).toContain(NEW_ID);
    expect(await core.listings.privateDetails(NEW_ID)).toMatchObject({
      passcode: "DD-99001",
      deadlineDate: "2031-07-01T00:00:00.000Z",
      salutation: "Mr.",
    });
    const again = (await core.listings.findById(NEW_ID))!;
    await core.listingEditing.update(
      staff,
      NEW_ID,
      listingFormSchema.parse({
        ...listingFormValues(again, await core.listings.privateDetails(NEW_ID)),
        isPrivate: false,
      }),
      null,
    );
    expect(await core.listings.privateDetails(NEW_ID)).toBeUndefined();
  });

  it("changes web settings, and refuses a stale version", async () => {
    const read = (await core.listings.findById(NEW_ID))!;
    const saved = await core.listingEditing.updateWebSettings(
      staff,
      {
        listingId: NEW_ID,
        updatedDate: read.updatedDate,
        isPreMarketing: true,
        webStatus: "Coming soon",
      },
      null,
    );
    expect(saved).toMatchObject({ isPreMarketing: true, webStatus: "Coming soon", Header: read.Header });
    const error = await refusal(
      core.listingEditing.updateWebSettings(
        staff,
        {
          listingId: NEW_ID,
          updatedDate: read.updatedDate,
          hasVDR: true,
        },
        null,
      ),
    );
    expect(error.status).toBe(409);
    expect((await core.listings.findById(NEW_ID))?.hasVDR).toBe(false);
  });

  it("replaces each picture cut to its size, and clears it", async () => {
    const before = (await core.listings.findById(NEW_ID))!;
    for (const [source, size] of [
      ["Cover", { width: 1200, height: 675 }],
      ["Logo", { width: 150, height: 150 }],
      ["Tombstone", { width: 600, height: 600 }],
    ] as const) {
      clock.advance(1000);
      const details = await core.listingEditing.replaceImage(
        staff,
        NEW_ID,
        source,
        await picture(1600, 700),
        null,
      );
      const stored = await readObject(
        testStorage,
        `listings/${NEW_ID}/${source === "Cover" ? "cover.jpg" : `${source.toLowerCase()}.png`}`,
      );
      expect(await sharp(stored).metadata()).toMatchObject(size);
      const url = { Cover: details.ImageUrl, Logo: details.boxLogoUrl, Tombstone: details.tombstoneUrl }[
        source
      ];
      expect(url).toMatch(new RegExp(`^/media/listings/${NEW_ID}/\\w+\\.(jpg|png)\\?v=`));
    }
    const after = (await core.listings.findById(NEW_ID))!;
    expect(after.mediaUpdatedDate).not.toBe(before.mediaUpdatedDate);
    expect(after.hasLogoImage).toBe(true);
    // A picture is not the form's: an editor opened before it still saves.
    expect(after.updatedDate).toBe(before.updatedDate);

    const cleared = await core.listingEditing.clearImage(staff, NEW_ID, "Logo", null);
    expect(cleared.boxLogoUrl).toBeNull();
    expect((await core.listings.findById(NEW_ID))?.hasLogoImage).toBe(false);
    expect(await testStorage.stat(`listings/${NEW_ID}/logo.png`)).toBeUndefined();
  });

  it("refuses a file that is not a picture and keeps the one there", async () => {
    const error = await refusal(
      core.listingEditing.replaceImage(
        staff,
        NEW_ID,
        "Cover",
        new TextEncoder().encode("%PDF-1.7 not a picture"),
        null,
      ),
    );
    expect([error.status, error.message]).toEqual([400, NOT_AN_IMAGE]);
    expect((await core.listings.findById(NEW_ID))?.ImageUrl).toMatch(/cover\.jpg/);
  });

  it("refuses, from its header and before decoding it, a picture of more pixels than uploads may have", async () => {
    const stored = await readObject(testStorage, `listings/${NEW_ID}/cover.jpg`);
    // 10000×10000 in 16 KB: 400 MB once decoded to RGBA.
    const error = await refusal(
      core.listingEditing.replaceImage(staff, NEW_ID, "Cover", pngBomb(10_000, 10_000), null),
    );
    expect([error.status, error.code, error.message]).toEqual([
      400,
      "IMAGE_TOO_LARGE",
      imageTooManyPixels(10_000, 10_000, USER_IMAGE_MAX_PIXELS),
    ]);
    expect(await readObject(testStorage, `listings/${NEW_ID}/cover.jpg`)).toEqual(stored);
  });

  it("exports the filtered listings as CSV with formulas kept as text, and as XLSX", async () => {
    const read = (await core.listings.findById(NEW_ID))!;
    await core.listingEditing.update(
      staff,
      NEW_ID,
      listingFormSchema.parse({ ...listingFormValues(read, undefined), Header: "=HYPERLINK(1)" }),
      null,
    );
    const csv = await core.listingEditing.export({ search: String(NEW_ID) }, "csv", "Anticline");
    const lines = String(csv.body).trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^99001,'=HYPERLINK\(1\),Public,/);

    const all = await core.listingEditing.export({ kind: "private" }, "xlsx", "Anticline");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(all.body as never);
    const sheet = workbook.getWorksheet("Listings")!;
    expect(sheet.getRow(1).getCell(1).value).toBe("ListingId");
    expect(sheet.rowCount - 1).toBe((await core.listings.privateListings()).length);
  });
});
