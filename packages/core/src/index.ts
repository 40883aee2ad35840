export { ACCOUNT_LIMITS } from "./accounts/account-limits.ts";
export type { LoginResult } from "./accounts/login.service.ts";
export { SESSION_COOKIE, STAFF_SESSION_COOKIE } from "./accounts/sessions/session-cookie.ts";
export type { AccountListEntry, User } from "./accounts/user.repository.ts";
export type { UserDetail } from "./accounts/user-admin/user-detail.service.ts";
export type { AuditEntry } from "./audit/activity-reader.ts";
export { ForwardClock } from "./clock.ts";
export { type Config, ConfigError, type FeatureFlags, loadConfig, type VapidDetails } from "./config.ts";
export type { AssetReply, AssetVisitor } from "./content/asset.service.ts";
export type { ContentFile, ContentItem } from "./content/content.repository.ts";
export type { ContentResult } from "./content/content.service.ts";
export type {
  CollectionSummary,
  ItemSummary,
  SaveResult,
} from "./content/content-editing.service.ts";
export type { FieldErrors as ContentFieldErrors } from "./content/content-validation.ts";
export { UPLOAD_LIMITS } from "./content/file-upload.ts";
export type { ContentQuery } from "./content/query/content-query.ts";
export { ITEMS_QUERY_PARAMETERS, queryFromSearchParams } from "./content/query/query-string.ts";
export { type Core, createCore } from "./core.ts";
export type { PendingAccessRequest } from "./data-rooms/access-codes/access-code.service.ts";
export type { Bid, BidRound, StaffBid } from "./data-rooms/bids/bid.repository.ts";
export type { BuyerBidsView, ComparedBid, StaffBidsView } from "./data-rooms/bids/bid-views.ts";
export type { DataRoomFile } from "./data-rooms/documents/data-room-file.repository.ts";
export type { FileDelivery } from "./data-rooms/documents/file-delivery.service.ts";
export type { FolderNode } from "./data-rooms/documents/folder-tree.ts";
export type { FileEntry, RoomView } from "./data-rooms/documents/room-view.service.ts";
export type { ReceivedFile } from "./data-rooms/documents/uploaded-file.ts";
export { type OwnQuestion, ownQuestion } from "./data-rooms/questions/question-views.ts";
export {
  type DataChange,
  type Dataset,
  DataVersion,
  type DataVersionReader,
} from "./data-version/data-version.ts";
export { keepRunningWhenConnectionsDrop } from "./db/database-outage.ts";
export { DatabaseTooNewError } from "./db/migrations/index.ts";
export type { Inquiry, InquiryKind } from "./inquiries/inquiry.repository.ts";
export { connectRedis, limitsUnavailable } from "./limits/redis.ts";
export type { DealOrder, DealOrderChange } from "./listings/deal-order.service.ts";
export type { AdminDealDetails } from "./listings/listing-editing.service.ts";
export type { SimilarDealSuggestion, StaffSimilarDeals } from "./listings/similar-deal.service.ts";
export type { OutboxMessage } from "./mail/outbox.repository.ts";
export type { NotifyResult } from "./push/push.service.ts";
export type { AnalysisActor } from "./saved-queries/saved-query.service.ts";
export type { SecureFile, SentSecureFile } from "./secure-files/secure-file.repository.ts";
export { SIGNED_FILES_PATH } from "./storage/local-storage.ts";
export { s3ClientSettings } from "./storage/s3-client-settings.ts";
export type { ByteRange, StoredFile } from "./storage/storage.ts";
