import type { AccountTables } from "./tables/accounts.ts";
import type { BidTables } from "./tables/bids.ts";
import type { ContentTables } from "./tables/content.ts";
import type { DataRoomQuestionTables } from "./tables/data-room-questions.ts";
import type { DataRoomTables } from "./tables/data-rooms.ts";
import type { EngagementTables } from "./tables/engagement.ts";
import type { ListingTables } from "./tables/listings.ts";
import type { OperationTables } from "./tables/operations.ts";
import type { SavedQueryTables } from "./tables/saved-queries.ts";

export type {
  KnownBrowserRow,
  PasskeyChallengeRow,
  PasskeyRow,
  PendingLoginRow,
  PushSubscriptionRow,
  RecoveryCodeRow,
  SessionRow,
  TotpAuthenticatorRow,
  UserRow,
  UserTokenRow,
} from "./tables/accounts.ts";
export type { BidRoundRow, BidRow } from "./tables/bids.ts";
export type { ContentFileRow, ContentItemRow, InquiryRow } from "./tables/content.ts";
export type {
  DataRoomQuestionLimitsRow,
  DataRoomQuestionMailOptOutRow,
  DataRoomQuestionRow,
} from "./tables/data-room-questions.ts";
export type {
  AccessCodeAttemptRow,
  AccessRequestRow,
  DataRoomEventRow,
  DataRoomFileNoteRow,
  DataRoomFileRow,
  DataRoomFolderRow,
  DataRoomGrantRow,
  DataRoomSettingsRow,
  PendingUploadRow,
  PrivateDealGrantRow,
  SecureFileRow,
  SignedAgreementRow,
} from "./tables/data-rooms.ts";
export type { DataRoomEngagementRow, EngagementSettingsRow } from "./tables/engagement.ts";
export type {
  DealAlertDeliveryRow,
  DealAlertRow,
  DealAlertSubscriptionRow,
  DealStatisticsRow,
  DealTypeRow,
  DealWebHitRow,
  DealWebSearchRow,
  ListingPrivateDetailsRow,
  ListingRow,
  ListingSendRow,
  SimilarDealChoiceRow,
} from "./tables/listings.ts";
export type { AuditLogRow, JobRow, MailOutboxRow, SiteSecretRow } from "./tables/operations.ts";
export type { AnalysisQueryRow, RequestDirectoryRow, SavedRequestRow } from "./tables/saved-queries.ts";

/** Every table, each declared in the file of its business area. */
export interface DatabaseSchema
  extends ListingTables,
    AccountTables,
    BidTables,
    ContentTables,
    DataRoomTables,
    DataRoomQuestionTables,
    EngagementTables,
    OperationTables,
    SavedQueryTables {}
