import { SESSION_COOKIE } from "@aea/core";
import {
  grantTestPrivateDeals,
  insertUser,
  ListingRepository,
  testDatabase,
  testEngines,
  testStorage,
} from "@aea/core/testing";
import { type Listing, listingMediaPath, listingMediaVersion } from "@aea/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { serveTestApp } from "../testing/test-app.ts";

const roles = ["anonymous", "buyer", "claim", "privateBuyer", "admin"] as const;
type Role = (typeof roles)[number];
/** The roles the deal page shows a private deal to; everyone else is told it does not exist. */
const entitled: ReadonlySet<Role> = new Set(["privateBuyer", "admin"]);

const NO_SUCH_LISTING = "/media/listings/999999/cover.jpg";

describe.each(testEngines())("listing media on $name", (engine) => {
  const served = serveTestApp(engine, {}, { withWebApp: false });
  const cookies = new Map<Role, string>();
  let publicDeal: Listing;
  let privateDeals: { cover: Listing; logo: Listing; tombstone: Listing };
  const userIds = new Map<Role, number>();

  beforeAll(async () => {
    const grants: Record<Exclude<Role, "anonymous">, { isAdmin?: boolean; hasClaimAD?: boolean }> = {
      buyer: {},
      claim: { hasClaimAD: true },
      privateBuyer: {},
      admin: { isAdmin: true },
    };
    for (const [role, grant] of Object.entries(grants)) {
      const user = await insertUser(served.core, {
        email: `media-${role}@example.test`,
        firstName: "Media",
        middle: null,
        lastName: role,
        verified: true,
        isAdmin: false,
        hasClaimAD: false,
        officialCompanyName: null,
        passwordHash: "not used: the test starts sessions directly",
        ...grant,
      });
      cookies.set(
        role as Role,
        `${SESSION_COOKIE}=${await served.core.sessions.startSession(user.id, false)}`,
      );
      userIds.set(role as Role, user.id);
    }
    const privates = await served.core.listings.privateListings();
    const privateWith = (field: "ImageUrl" | "boxLogoUrl" | "tombstoneUrl") => {
      const listing = privates.find((l) => l[field]);
      if (!listing) throw new Error(`the demo data has no private listing with ${field}`);
      return listing;
    };
    privateDeals = {
      cover: privateWith("ImageUrl"),
      logo: privateWith("boxLogoUrl"),
      tombstone: privateWith("tombstoneUrl"),
    };
    await grantTestPrivateDeals(
      served.core,
      userIds.get("privateBuyer") ?? 0,
      Object.values(privateDeals).map((l) => l.ListingId),
    );
    const withCover = (await served.core.listings.publicListings()).find(
      (l) => l.ImageUrl && l.mediaUpdatedDate,
    );
    if (!withCover) throw new Error("the demo data has no public listing with a cover");
    publicDeal = withCover;
  });

  const get = (url: string, role: Role = "anonymous") => {
    const cookie = cookies.get(role);
    return served.app.inject({ url, headers: cookie ? { cookie } : {} });
  };

  it("serves a public listing's pictures to everyone, immutable under their current version", async () => {
    const url = String(publicDeal.ImageUrl);
    expect(url).toBe(`${listingMediaPath(url)}?v=${listingMediaVersion(publicDeal.mediaUpdatedDate)}`);
    for (const role of roles) {
      const response = await get(url, role);
      expect(response.statusCode, role).toBe(200);
      expect(response.headers["content-type"], role).toBe("image/jpeg");
      expect(response.headers["cache-control"], role).toBe("public, max-age=31536000, immutable");
    }
    // Without the version (or with an old one) the bytes may change under the URL: revalidate each time.
    const unversioned = await get(listingMediaPath(url));
    expect(unversioned.statusCode).toBe(200);
    expect(unversioned.headers["cache-control"]).toBe("public, no-cache");
    expect((await get(`${listingMediaPath(url)}?v=old`)).headers["cache-control"]).toBe("public, no-cache");
    const revalidated = await served.app.inject({
      url,
      headers: { "if-none-match": String(unversioned.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it("serves a private listing's cover, logo and tombstone only to those who may see the deal", async () => {
    const missing = await get(NO_SUCH_LISTING);
    expect(missing.statusCode).toBe(404);
    const urls = [
      String(privateDeals.cover.ImageUrl),
      String(privateDeals.logo.boxLogoUrl),
      String(privateDeals.tombstone.tombstoneUrl),
    ];
    for (const url of urls) {
      for (const role of roles) {
        const response = await get(url, role);
        if (entitled.has(role)) {
          expect(response.statusCode, `${role} ${url}`).toBe(200);
          expect(response.headers["content-type"], url).toMatch(/^image\//);
          expect(response.headers["cache-control"], url).toBe("private, no-store");
        } else {
          // Exactly the answer for a listing that does not exist: nothing tells the deal is there.
          expect(response.statusCode, `${role} ${url}`).toBe(404);
          expect(response.body, `${role} ${url}`).toBe(missing.body);
          expect(response.headers["cache-control"], url).toBe("no-store");
        }
      }
    }
  });

  it("answers the same 404 for a missing listing, a picture it does not have, or another file", async () => {
    const missing = await get(NO_SUCH_LISTING, "admin");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Not found", code: "NOT_FOUND" });
    const folder = listingMediaPath(String(publicDeal.ImageUrl)).replace(/\/cover\.jpg$/, "");
    for (const url of [`${folder}/other.jpg`, `${folder}/cover.png`, "/media/listings/abc/cover.jpg"]) {
      const response = await get(url, "admin");
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe(missing.body);
    }
  });

  it("reaches no private picture by any spelling of the path", async () => {
    const privatePath = listingMediaPath(String(privateDeals.cover.ImageUrl));
    const id = privateDeals.cover.ListingId;
    const publicId = publicDeal.ListingId;
    const variants = [
      privatePath.toUpperCase(),
      privatePath.replace("/media/", "/MEDIA/"),
      privatePath.replace("cover.jpg", "COVER.JPG"),
      privatePath.replace(`/${id}/`, `/0${id}/`),
      privatePath.replace(`/${id}/`, `/${id}%2F`),
      privatePath.replace(`/${id}/`, `/+${id}/`),
      privatePath.replaceAll("/", "%2F"),
      `/media/listings/${publicId}/..%2F..%2Flistings%2F${id}%2Fcover.jpg`,
      `/media/listings/${publicId}/../${id}/cover.jpg`,
      `/media/listings/${publicId}%2F..%2F${id}/cover.jpg`,
      `/media/brochures/..%2Flistings%2F${id}%2Fcover.jpg`,
      `/media/brochures/%2e%2e/listings/${id}/cover.jpg`,
      `/media/brochures/..%5Clistings%5C${id}%5Ccover.jpg`,
      `/media/..%2Fmedia%2Flistings%2F${id}%2Fcover.jpg`,
      `/media//listings/${id}/cover.jpg`,
      `/media/./listings/${id}/cover.jpg`,
      `/media/listings/${id}/./cover.jpg`,
      `/media/listings/${id}/cover.jpg%00`,
      `/media/listings/${id}/cover.jpg/`,
      `/media/listings/${id}/cover.jpg;.png`,
    ];
    for (const url of variants) {
      const response = await get(url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.headers["content-type"] ?? "", url).not.toMatch(/^image\//);
    }
  });

  it("serves nothing else under /media: content files go through /assets only", async () => {
    const [file] = await testDatabase(served.core)
      .db.selectFrom("content_files")
      .select("storagePath")
      .limit(1)
      .execute();
    for (const url of [`/media/content/${file.storagePath}`, "/media/content/cache/", "/media/"]) {
      expect((await get(url, "admin")).statusCode, url).toBe(404);
    }
  });

  it("applies the rule to the deal logo proxy too", async () => {
    const url = `/assets/listing-logo/${privateDeals.logo.ListingId}?width=150&height=150`;
    const missing = await get("/assets/listing-logo/999999?width=150&height=150");
    expect(missing.statusCode).toBe(404);
    for (const role of roles) {
      const response = await get(url, role);
      if (entitled.has(role)) {
        expect(response.statusCode, role).toBe(200);
        expect(response.headers["cache-control"], role).toBe("private, no-store");
      } else {
        expect(response.statusCode, role).toBe(404);
        expect(response.body, role).toBe(missing.body);
      }
    }
    const publicLogo = (await served.core.listings.publicListings()).find(
      (l) => l.hasLogoImage && l.mediaUpdatedDate,
    );
    if (!publicLogo) throw new Error("the demo data has no public listing with a logo");
    const version = listingMediaVersion(publicLogo.mediaUpdatedDate);
    const current = await get(`/assets/listing-logo/${publicLogo.ListingId}?v=${version}`);
    expect(current.statusCode).toBe(200);
    expect(current.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const outdated = await get(`/assets/listing-logo/${publicLogo.ListingId}?v=old`);
    expect(outdated.headers["cache-control"]).toBe("public, no-cache");
  });

  it("serves a brochure by byte range and answers conditional requests, as a static file server would", async () => {
    const url = "/media/brochures/buyer-network.pdf";
    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["cache-control"]).toBe("public, max-age=86400");
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(Number(whole.headers["content-length"])).toBe(whole.rawPayload.length);
    const part = await served.app.inject({ url, headers: { range: "bytes=0-4" } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe("%PDF-");
    expect(part.headers["content-range"]).toBe(`bytes 0-4/${whole.rawPayload.length}`);
    const past = await served.app.inject({ url, headers: { range: `bytes=${whole.rawPayload.length}-` } });
    expect(past.statusCode).toBe(416);
    const byTag = await served.app.inject({ url, headers: { "if-none-match": String(whole.headers.etag) } });
    expect(byTag.statusCode).toBe(304);
    const byDate = await served.app.inject({
      url,
      headers: { "if-modified-since": String(whole.headers["last-modified"]) },
    });
    expect(byDate.statusCode).toBe(304);
    expect((await get("/media/brochures/unknown.pdf")).statusCode).toBe(404);
  });

  it("serves a stored file at its signed URL without a session, and nothing with a forged or expired one", async () => {
    await testStorage.put("test/signed/price deck.pdf", new TextEncoder().encode("%PDF-signed"));
    const path = (url: string) => url.slice(new URL(url).origin.length);
    const signed = path(
      await served.core.media.url("test/signed/price deck.pdf", { downloadName: "Price deck.pdf" }),
    );
    expect(signed).toMatch(/^\/files\/test\/signed\/price%20deck\.pdf\?expires=\d+&name=.+&signature=/);
    const response = await get(signed);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("%PDF-signed");
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="Price_deck.pdf"/);
    const part = await served.app.inject({ url: signed, headers: { range: "bytes=5-" } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe("signed");

    const forged = [
      signed.replace("price%20deck", "other"),
      signed.replace(/signature=./, (m) => `${m.slice(0, -1)}${m.endsWith("A") ? "B" : "A"}`),
      signed.replace("name=Price", "name=Cheap"),
      signed.replace(/expires=\d+/, "expires=9999999999"),
      signed.replace(/\?.*/, ""),
      "/files/..%2F..%2Fetc%2Fpasswd?expires=9999999999&signature=x",
    ];
    for (const url of forged) {
      const refused = await get(url);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json(), url).toEqual({ message: "Not found", code: "NOT_FOUND" });
    }
    const expired = path(await served.core.media.url("test/signed/price deck.pdf", { expiresInSeconds: -1 }));
    expect((await get(expired)).statusCode).toBe(404);
  });

  it("gives a listing's pictures a new URL when its media change", async () => {
    const before = String(publicDeal.ImageUrl);
    const listings = new ListingRepository(testDatabase(served.core).db);
    const stored = (await listings.findById(publicDeal.ListingId)) as Listing;
    await listings.replace({ ...stored, mediaUpdatedDate: "2026-11-20T08:00:00.000Z" }, stored.updatedDate);
    const after = String((await served.core.listings.findById(publicDeal.ListingId))?.ImageUrl);
    expect(listingMediaPath(after)).toBe(listingMediaPath(before));
    expect(after).not.toBe(before);
    expect((await get(after)).headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // The URL the pages used before now names old bytes: no cache may keep it as immutable.
    expect((await get(before)).headers["cache-control"]).toBe("public, no-cache");
  });
});
