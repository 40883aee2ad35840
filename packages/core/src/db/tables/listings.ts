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

export interface DealWebSearchRow {
  id: Generated<number>;
  searchText: string;
  userId: number | null;
  createdAt: string;
}

export interface DealStatisticsRow {
  ListingId: number;
  /** Hot leads as staff typed them, overriding the counted ones; null: the counted figure applies. */
  hotLeadOverride: number | null;
  noCount: number;
  contactedCount: number;
  offersCount: number;
  revenueRisk: number | null;
  lastWhiteButtonDate: string | null;
  loadCode: string | null;
  updatedBy: number | null;
  updatedByName: string | null;
  updatedAt: string | null;
}

export interface DealWebHitRow {
  ListingId: number;
  day: string;
  hits: number;
}

export interface SimilarDealChoiceRow {
  ListingId: number;
  similarListingId: number;
  /** "pinned" or "hidden". */
  choice: string;
  position: number;
  updatedBy: number | null;
  updatedAt: string;
}

export interface DealAlertSubscriptionRow {
  userId: number;
  frequency: string;
  subscribedAt: string;
}

export interface DealAlertRow {
  id: Generated<number>;
  ListingId: number;
  publishedAt: string;
}

export interface DealAlertDeliveryRow {
  id: Generated<number>;
  alertId: number;
  ListingId: number;
  userId: number;
  frequency: string;
  status: string;
  createdAt: string;
  sentAt: string | null;
}

/** A listing staff sent to one buyer an analysis query found (since migration 031). */
export interface ListingSendRow {
  id: Generated<number>;
  ListingId: number;
  userId: number;
  sentBy: number | null;
  queryUUID: string | null;
  /** pending, sent, or dropped (the listing left the market, or the buyer no longer wants alerts). */
  status: string;
  createdAt: string;
  sentAt: string | null;
}

/** Listings, their deal types and what the marketplace counts about them. */
export interface ListingTables {
  listings: ListingRow;
  listing_private_details: ListingPrivateDetailsRow;
  deal_types: DealTypeRow;
  deal_web_searches: DealWebSearchRow;
  deal_statistics: DealStatisticsRow;
  deal_web_hits: DealWebHitRow;
  similar_deal_choices: SimilarDealChoiceRow;
  deal_alert_subscriptions: DealAlertSubscriptionRow;
  deal_alerts: DealAlertRow;
  deal_alert_deliveries: DealAlertDeliveryRow;
  listing_sends: ListingSendRow;
}
