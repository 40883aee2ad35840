import type { Listing, PrivateDealExtras } from "@aea/domain";
import type { Generated } from "kysely";

/** Booleans are stored as 0/1 integers on both engines (see docs/decisions/002). */
type Stored<T> = { [K in keyof T]: T[K] extends boolean ? number : T[K] };

export type ListingRow = Stored<Omit<Listing, "liked" | "locationId">> & {
  locationId: number;
  latitude: number | null;
  longitude: number | null;
};

export type ListingPrivateDetailsRow = Stored<PrivateDealExtras> & { ListingId: number };

export interface DealTypeRow {
  code: string;
  title: string;
  queryValue: string;
  position: number;
}

export interface UserRow {
  id: Generated<number>;
  email: string;
  firstName: string;
  middle: string | null;
  lastName: string;
  passwordHash: string;
  verified: number;
  isAdmin: number;
  hasPrivateDeals: number;
  hasClaimAD: number;
  officialCompanyName: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface DealWebSearchRow {
  id: Generated<number>;
  searchText: string;
  userId: number | null;
  createdAt: string;
}

export interface DatabaseSchema {
  deal_web_searches: DealWebSearchRow;
  listings: ListingRow;
  listing_private_details: ListingPrivateDetailsRow;
  deal_types: DealTypeRow;
  users: UserRow;
}
