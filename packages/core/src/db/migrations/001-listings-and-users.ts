import type { Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

// Listing columns keep the spec's field names (§3) so a row maps to the API's JSON one to one.
const listingText = [
  "Header",
  "whr",
  "wht",
  "field",
  "fld2",
  "obj1",
  "obj2",
  "methods",
  "C4",
  "C5",
  "C6",
  "wi",
  "prod",
  "cashflow",
  "C2",
  "reserves",
  "other1",
  "other2",
  "PLSCode",
  "listingType",
  "listingTypeDesc",
  "region",
  "area",
  "basin",
  "play",
  "status",
  "webStatus",
  "location",
  "coordinates",
  "dateListed",
  "LastUpdatedDate",
  "mediaUpdatedDate",
  "createdDate",
  "updatedDate",
  "docusignTemplateId",
  "comboCurveProjectId",
  "searchGroup",
  "Url",
  "boxLogoUrl",
  "ImageUrl",
  "tombstoneUrl",
  "agentName",
  "agentBlurb",
  "agentCompanyName",
  "agentTitle",
  "agentContact",
  "agentAddress",
  "agentCity",
  "agentState",
  "agentZip",
  "agentCountry2",
  "agentPhone",
  "agentEmail",
  "agentDirectPhone",
] as const;
const listingIntegers = ["areaId", "statusId", "locationId", "RowNumber", "agentId"] as const;
const listingReals = ["CF", "projectedSalePrice", "latitude", "longitude"] as const;
const listingFlags = [
  "small",
  "medium",
  "large",
  "usa",
  "canada",
  "international",
  "isPrivate",
  "IsActiveDeal",
  "isPreMarketing",
  "isStudy",
  "sold",
  "hasVDR",
  "hasDueDiligenceAccess",
  "requiresDueDiligenceAccess",
  "showListingFiles",
  "showEmailForListingFiles",
  "hasLogoImage",
  "buyNow",
  "isSalesLeadOnly",
  "isHiredNowPackaging",
] as const;

export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  let listings = db.schema.createTable("listings").addColumn("ListingId", "integer", (c) => c.primaryKey());
  for (const name of listingText) listings = listings.addColumn(name, "text");
  for (const name of listingIntegers) listings = listings.addColumn(name, "integer");
  for (const name of listingReals)
    listings = listings.addColumn(name, engine === "postgres" ? "double precision" : "real");
  for (const name of listingFlags)
    listings = listings.addColumn(name, "integer", (c) => c.notNull().defaultTo(0));
  await listings.execute();
  await db.schema
    .createIndex("listings_visibility")
    .on("listings")
    .columns(["isPrivate", "isStudy"])
    .execute();

  await db.schema
    .createTable("listing_private_details")
    .addColumn("ListingId", "integer", (c) =>
      c.primaryKey().references("listings.ListingId").onDelete("cascade"),
    )
    .addColumn("folder", "text")
    .addColumn("passcode", "text")
    .addColumn("comments", "text")
    .addColumn("openingDate", "text")
    .addColumn("closingDate", "text")
    .addColumn("deadlineDate", "text")
    .addColumn("deadlineDataroom", "text")
    .addColumn("deadlineNotification", "text")
    .addColumn("deadlinePrequalification", "text")
    .addColumn("contactUserId", "integer")
    .addColumn("salutation", "text", (c) => c.notNull().defaultTo("Mr."))
    .addColumn("fname", "text")
    .addColumn("lname", "text")
    .addColumn("email", "text")
    .addColumn("companyId", "integer")
    .addColumn("companyName", "text")
    .addColumn("website", "text")
    .addColumn("address", "text")
    .addColumn("phone", "text")
    .addColumn("hideSimilarDeals", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("deal_types")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("queryValue", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "integer", (c) =>
      engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("firstName", "text", (c) => c.notNull())
    .addColumn("middle", "text")
    .addColumn("lastName", "text", (c) => c.notNull())
    .addColumn("passwordHash", "text", (c) => c.notNull())
    .addColumn("verified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("isAdmin", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("hasPrivateDeals", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("hasClaimAD", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("officialCompanyName", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
}
