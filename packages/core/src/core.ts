import { type AccountServices, createAccountServices } from "./accounts/account-services.ts";
import { type Clock, systemClock } from "./clock.ts";
import type { Config } from "./config.ts";
import { AssetService } from "./content/asset.service.ts";
import { ContentRepository } from "./content/content.repository.ts";
import { ContentService } from "./content/content.service.ts";
import { ContentEditingService } from "./content/content-editing.service.ts";
import { AccessCodeService } from "./data-rooms/access-codes/access-code.service.ts";
import { AgreementService } from "./data-rooms/agreements/agreement.service.ts";
import { BidService } from "./data-rooms/bids/bid.service.ts";
import { DataRoomAccessService } from "./data-rooms/data-room-access.service.ts";
import { DataRoomActivityService } from "./data-rooms/data-room-activity.service.ts";
import { dataRoomStores } from "./data-rooms/data-room-stores.ts";
import { FileDeliveryService } from "./data-rooms/documents/file-delivery.service.ts";
import { FolderChangeService } from "./data-rooms/documents/folder-changes.service.ts";
import { RoomViewService } from "./data-rooms/documents/room-view.service.ts";
import { DataRoomUploadService } from "./data-rooms/documents/upload.service.ts";
import { QuestionService } from "./data-rooms/questions/question.service.ts";
import type { RoomServiceOptions } from "./data-rooms/room-service-deps.ts";
import { DocumentSearchService } from "./data-rooms/search/document-search.service.ts";
import type { DataVersionReader } from "./data-version/data-version.ts";
import { shareDataVersion } from "./data-version/share-data-version.ts";
import { type Database, openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrations/index.ts";
import { DealAlertService } from "./deal-alerts/deal-alert.service.ts";
import { ListingSendService } from "./deal-alerts/listing-send.service.ts";
import { DealStatisticsService } from "./deal-stats/deal-statistics.service.ts";
import { EngagementService } from "./engagement/engagement.service.ts";
import { AnalysisExportService } from "./facets/analysis-export.service.ts";
import { FacetService } from "./facets/facet.service.ts";
import { HealthService } from "./health.service.ts";
import { limitImageMemory } from "./images/image-memory.ts";
import { ensureBrochures } from "./inquiries/brochures.ts";
import { InquiryService } from "./inquiries/inquiry.service.ts";
import { JobQueue } from "./jobs/job-queue.ts";
import type { SharedCounters } from "./limits/attempt-limiter.ts";
import { connectRedis } from "./limits/redis.ts";
import { DealOrderService } from "./listings/deal-order.service.ts";
import { DealSearchService } from "./listings/deal-search.service.ts";
import { ListingRepository } from "./listings/listing.repository.ts";
import { ListingService } from "./listings/listing.service.ts";
import { ListingEditingService } from "./listings/listing-editing.service.ts";
import { SimilarDealService } from "./listings/similar-deal.service.ts";
import { MailTransport } from "./mail/mail-transport.ts";
import { Mailroom } from "./mail/mailroom.ts";
import { OutboxService } from "./mail/outbox.service.ts";
import { type DemoPictures, MediaService } from "./media/media.service.ts";
import { PushService } from "./push/push.service.ts";
import { webPushSender } from "./push/push-sender.ts";
import { PushSubscriptionRepository } from "./push/push-subscription.repository.ts";
import { SavedQueryService } from "./saved-queries/saved-query.service.ts";
import { SecureFileService } from "./secure-files/secure-file.service.ts";
import { openStorage } from "./storage/open-storage.ts";
import type { Storage } from "./storage/storage.ts";

/**
 * The one instance of the business that the server and the web loaders share. It exposes services
 * only: the database, repositories and mail transport stay inside (tests reach the database through
 * testing/test-database.ts).
 */
export interface Core extends AccountServices {
  config: Config;
  /** Whether the database answers, and which engine it is. */
  health: HealthService;
  listings: ListingService;
  /** Staff writes to listings (create, edit, web settings, pictures) and the listing exports. */
  listingEditing: ListingEditingService;
  /** Similar deals with staff's pins and hides (admin Similar Deals and the deal page). */
  similarDeals: SimilarDealService;
  /** Staff's 'Featured' order of the public deals (admin Reorder Deals). */
  dealOrder: DealOrderService;
  /** What buyers type into the deal search. */
  dealSearches: DealSearchService;
  /** The mail the site sent, for the staff outbox page. */
  outbox: OutboxService;
  /** The site's marketing content (Directus-compatible collections). */
  content: ContentService;
  /** The same content with drafts shown, for staff previews of a page (`?preview` as an admin). */
  contentPreview: ContentService;
  /** Content files and their resized forms (`/assets`). */
  assets: AssetService;
  /** The staff editor's writes: items, order, status, uploads and focal points. */
  contentEditing: ContentEditingService;
  /** Contact messages, seller inquiries and chat messages: mailed to staff and kept. */
  inquiries: InquiryService;
  /** Web Push: browsers subscribed to new-deal notifications, and staff announcements to them. */
  push: PushService;
  /** Stored files the server sends by name (brochures, listing pictures) and signed download URLs. */
  media: MediaService;
  /** Private-deal grants, data-room grants and the way into a listing's data room. */
  dataRoomAccess: DataRoomAccessService;
  /** Listings' access codes and exclusive-deal contacts, wrong-code limits, and buyers' requests for a code. */
  accessCodes: AccessCodeService;
  /** A data room as its viewer sees it: the numbered folder tree, the open folder's files, their own notes. */
  dataRoomView: RoomViewService;
  /** A data room's files leaving it: previews, downloads and folder zips, PDFs stamped for their viewer. */
  dataRoomDelivery: FileDeliveryService;
  /** Staff's changes to a data room: create folders, rename, move and delete. */
  dataRoomFolders: FolderChangeService;
  /** Staff's uploads into a data room, checked by their bytes and filed by their dropped path. */
  dataRoomUploads: DataRoomUploadService;
  /** Files buyers and sellers send the firm (/secure-files). */
  secureFiles: SecureFileService;
  /** Confidentiality agreements: the text per listing, signing in the browser, the signed PDFs. */
  agreements: AgreementService;
  /** The data-room audit trail for staff: the activity page, its CSV and the Mgmt Dash figures. */
  dataRoomActivity: DataRoomActivityService;
  /** Q&A per data room: buyers ask, staff answer privately or publish FAQs (issue 23). */
  dataRoomQuestions: QuestionService;
  /** Search inside a data room's documents, and the background reading of their text (issue 23). */
  dataRoomSearch: DocumentSearchService;
  /** Buyers' engagement scores per listing (recomputed by a job), the hot-lead threshold, the weekly digest. */
  engagement: EngagementService;
  /** Bid rounds per listing: indications of interest and sealed bids, compared after the deadline (issue 23). */
  dataRoomBids: BidService;
  /** The Mgmt Dash's deal statistics: hand-entered figures, web hits (`webHits.record`), totals, CSV. */
  dealStatistics: DealStatisticsService;
  /** Deal alerts: buyers' choice, `listingPublished` where a listing becomes public, unsubscribe links. */
  dealAlerts: DealAlertService;
  /** Faceted analysis of the buyers and the listings (issue 22): definitions and queries per dataset. */
  facets: FacetService;
  /** The analysis page's results as CSV or XLSX (after a recent second-factor check). */
  analysisExport: AnalysisExportService;
  /** Sending a listing to the buyers an analysis found (issue 22 item 6). */
  listingSends: ListingSendService;
  /** Background work (deal-alert mail): the server calls `jobs.start()`; tests call `jobs.runDue()`. */
  jobs: JobQueue;
  /** Staff's saved analysis queries (QueryUUIDs) and the directories they file them in. */
  savedQueries: SavedQueryService;
  /**
   * Moves when a write commits, per dataset (docs/decisions/026): HTTP caches key on it, snapshots
   * subscribe to it.
   */
  dataVersion: DataVersionReader;
  /** No account exists (demo accounts are not made outside a local demo): start-up says how to add one. */
  withoutAccounts: boolean;
  close(): Promise<void>;
}

export interface CoreOptions {
  /** Where files live (default: as the configuration says). Tests share one set of rendered demo images. */
  storage?: Storage;
  /** Tests move time for the accounts' lockouts, sessions and links (default: the system clock). */
  clock?: Clock;
  /**
   * Seed the demo and draw its pictures in a child process (the server: decision 037), so that none
   * of the generators' memory stays in this one. Default: in this process (tests).
   */
  seedDemoApart?: boolean;
}

export async function createCore(config: Config, options: CoreOptions = {}): Promise<Core> {
  return (await openCore(config, options)).core;
}

/** The core and its database: only createCore and the tests' engines (testing/test-cores.ts) call it. */
export async function openCore(
  config: Config,
  options: CoreOptions = {},
): Promise<{ core: Core; database: Database }> {
  limitImageMemory();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db as never, database.engine).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  // On PostgreSQL other instances may write: their changes reach this one's caches (decision 033).
  const relay = await shareDataVersion(database, config.databaseUrl);
  // Per-account counters (mailed links) count in Redis when several instances serve (decision 033).
  const sharedCounters: SharedCounters | undefined = config.redisUrl
    ? { redis: await connectRedis(config.redisUrl), prefix: config.redisPrefix }
    : undefined;
  const listingRepository = new ListingRepository(database.db);
  const storage = options.storage ?? (await openStorage(config));
  const contentRepository = new ContentRepository(database.db);
  // The demo's generators (listings, pictures, basins, documents) load only when a demo is seeded:
  // a production start never reads them (apps/server/src/start-path.test.ts holds this).
  let demoPictures: DemoPictures | undefined;
  if ((config.seedDemo || config.seedDemoAccounts) && options.seedDemoApart) {
    const { seedDemoApart } = await import("./demo/seed-demo-apart.ts");
    demoPictures = await seedDemoApart(database, config);
  } else if (config.seedDemo || config.seedDemoAccounts) {
    const { seedDemo } = await import("./demo/seed-demo.ts");
    demoPictures = await seedDemo(config, { database, storage });
  }
  // The demo listings' pictures are drawn after start-up, not before (first start in seconds); one
  // asked for before its turn is drawn at once by the media service.
  const picturesDrawn = demoPictures
    ?.drawMissing({ concurrency: 1 })
    .catch((error: unknown) => console.error("Drawing the demo listings' pictures failed", error));
  const { dataVersion } = database;
  const content = new ContentService({
    repository: contentRepository,
    production: config.production,
    dataVersion,
  });
  const contentPreview = new ContentService({
    repository: contentRepository,
    production: config.production,
    drafts: true,
    dataVersion,
  });
  const mailTransport = new MailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const mailroom = new Mailroom(database, mailTransport);
  // The seller page's brochures are generated once per firm name (a no-op when they are current).
  await ensureBrochures(storage, config);
  const listings = new ListingService(listingRepository, {
    showBuyNowPrice: config.features.showBuyNowPrice,
    dataVersion,
  });
  const dataRoomRecords = dataRoomStores(database.db);
  const accountServices = createAccountServices({
    config,
    database,
    mailroom,
    clock: options.clock,
    sharedCounters,
    // The staff's user page names listings and shows data-room records: given here, so accounts
    // depends on neither listings nor data rooms.
    userPageSources: {
      listingHeadline: async (listingId) => (await listings.findById(listingId))?.Header,
      dataRoomListingIds: (userId) => dataRoomRecords.dataRoomGrants.listingIdsFor(userId),
      signedAgreements: (userId) => dataRoomRecords.signedAgreements.forUser(userId),
    },
  });
  const dataRoomAccess = new DataRoomAccessService({
    database,
    listings,
    agreementRequired: config.features.showDocusignCA,
    clock: options.clock,
  });
  const jobs = new JobQueue({ database, clock: options.clock });
  const facets = new FacetService(database.db, database.engine, dataVersion, options.clock ?? systemClock);
  const dealAlerts = new DealAlertService({
    database,
    mailroom,
    listings,
    jobs,
    config,
    clock: options.clock,
  });
  const listingSends = new ListingSendService({
    database,
    mailroom,
    listings,
    facets,
    jobs,
    config,
    unsubscribeUrl: (userId) => dealAlerts.unsubscribeUrl(userId),
    clock: options.clock,
  });
  const engagement = new EngagementService({
    database,
    listings,
    jobs,
    mailroom,
    config,
    clock: options.clock,
  });
  // Q&A and bids take the same dependencies; document search takes some of them and the file storage.
  const roomServices: RoomServiceOptions = {
    database,
    access: dataRoomAccess,
    mailroom,
    jobs,
    config,
    clock: options.clock,
  };
  const dataRoomBids = new BidService(roomServices);
  const dealStatistics = new DealStatisticsService({
    database,
    listings,
    alertsSent: () => dealAlerts.sentCountByListing(),
    buyersReached: () => listingSends.reachedByListing(),
    hotLeads: () => engagement.hotLeadCounts(),
    offersFromBids: () => dataRoomBids.offersByListing(),
    clock: options.clock,
  });
  const maxFileBytes = config.dataRoomMaxFileMb * 1024 * 1024;
  const dataRoomSearch = new DocumentSearchService({ ...roomServices, storage });
  // Files already in the rooms (the demo's, or those from before search existed) are read by a job.
  await dataRoomSearch.readExistingSoon();
  const core: Core = {
    config,
    health: new HealthService(database),
    listings,
    listingEditing: new ListingEditingService({
      database,
      storage,
      listings,
      alerts: dealAlerts,
      clock: options.clock,
    }),
    similarDeals: new SimilarDealService({ database, listings, dataVersion, clock: options.clock }),
    dealOrder: new DealOrderService({ database, listings, clock: options.clock }),
    dealSearches: new DealSearchService(database),
    ...accountServices,
    outbox: new OutboxService(database),
    content,
    assets: new AssetService(content, storage, {
      cacheBytes: config.assetCacheMb * 1024 * 1024,
      rendersAtOnce: config.assetRendersAtOnce,
    }),
    contentPreview,
    contentEditing: new ContentEditingService({
      repository: contentRepository,
      content,
      database,
      storage,
    }),
    inquiries: new InquiryService({ config, content, mailroom, database }),
    push: new PushService({
      vapid: config.vapid,
      repository: new PushSubscriptionRepository(database.db),
      listings,
      sender: config.vapid ? webPushSender(config.vapid) : undefined,
      serviceHosts: config.pushServiceHosts,
    }),
    media: new MediaService(storage, demoPictures),
    dataRoomAccess,
    dataRoomView: new RoomViewService({ database, access: dataRoomAccess, clock: options.clock }),
    dataRoomDelivery: new FileDeliveryService({
      database,
      storage,
      access: dataRoomAccess,
      clock: options.clock,
    }),
    dataRoomFolders: new FolderChangeService({
      database,
      storage,
      access: dataRoomAccess,
      clock: options.clock,
    }),
    dataRoomUploads: new DataRoomUploadService({
      database,
      storage,
      access: dataRoomAccess,
      maxFileBytes,
      documentText: dataRoomSearch,
      clock: options.clock,
    }),
    accessCodes: new AccessCodeService({ database, listings, mailroom, config, clock: options.clock }),
    secureFiles: new SecureFileService({
      database,
      storage,
      mailroom,
      config,
      maxFileBytes,
      clock: options.clock,
    }),
    agreements: new AgreementService({
      config,
      database,
      mailroom,
      storage,
      listings,
      access: dataRoomAccess,
      clock: options.clock,
    }),
    dataRoomActivity: new DataRoomActivityService({ database, listings, clock: options.clock }),
    dataRoomQuestions: new QuestionService(roomServices),
    dataRoomSearch,
    dataRoomBids,
    dealStatistics,
    engagement,
    dealAlerts,
    jobs,
    savedQueries: new SavedQueryService({ database, clock: options.clock }),
    dataVersion,
    facets,
    analysisExport: new AnalysisExportService({ facets, secondFactor: accountServices.secondFactor }),
    listingSends,
    withoutAccounts: (await accountServices.accounts.count()) === 0,
    close: async () => {
      facets.close();
      demoPictures?.stop();
      await picturesDrawn;
      await jobs.stop();
      await dealStatistics.webHits.close();
      mailTransport.close();
      await relay?.close();
      sharedCounters?.redis.disconnect();
      await database.close();
    },
  };
  return { core, database };
}
