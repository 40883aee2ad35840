/** A buyer's engagement score with one listing's data room, as the last recomputation stored it. */
export interface DataRoomEngagementRow {
  ListingId: number;
  userId: number;
  score: number;
  /** The score the buyer's events up to a week before the recomputation made (for "rising"). */
  scoreWeekAgo: number;
  /** JSON: the count of each part of the score (domain's EngagementCounts). */
  counts: string;
  lastEventAt: string;
  computedAt: string;
}

/** The one row (id 1) of engagement settings: the hot-lead threshold for every listing. */
export interface EngagementSettingsRow {
  id: number;
  hotLeadThreshold: number;
  updatedBy: number | null;
  updatedAt: string;
}

/** The one row (id 1) of the last quarter-hour recount: what the next counts from. */
export interface EngagementRecountRow {
  id: number;
  countedAt: string;
  /** When it last counted every room. */
  fullAt: string;
  /** JSON: what it counted with (staff's ids, the parts' weights and caps). */
  basis: string;
}

export interface EngagementTables {
  data_room_engagement: DataRoomEngagementRow;
  engagement_settings: EngagementSettingsRow;
  engagement_recounts: EngagementRecountRow;
}
