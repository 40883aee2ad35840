import {
  type FacetFilter,
  fail,
  forbidden,
  isAdminOrClaim,
  isOnPublicMarket,
  LISTING_NOT_SENDABLE,
  LISTING_SEND_EXCLUSIONS,
  LISTING_SEND_MAX,
  LISTING_SEND_TOO_MANY,
  type Listing,
  type ListingSendExclusion,
  type ListingSendPreview,
  listingSendChoiceSchema,
  MAX_FACET_PAGE_SIZE,
  refuseWhileViewingAs,
  type SessionUser,
} from "@aea/domain";
import { AuditTrail } from "../audit/audit-trail.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { FacetService } from "../facets/facet.service.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import { type Mailroom, redactLinkTokens } from "../mail/mailroom.ts";
import { dealMail } from "./deal-alert-mails.ts";
import { ListingSendRepository, type SendCandidate } from "./listing-send.repository.ts";

const SEND_JOB = "listing-sends.send";

/** Who may send: staff of the analysis page (admins and Claim holders), as themselves. */
type Sender = Pick<SessionUser, "id" | "isAdmin" | "hasClaimAD" | "impersonatorId">;

/** What a send is about: a public listing, and the buyers a participant query finds. */
export interface ListingSendRequest {
  listingId: unknown;
  filters: FacetFilter[];
  /** The saved query the page showed, kept with each send for the record. */
  queryUUID?: string | null;
}

interface ListingReader {
  findById(listingId: number): Promise<Listing | undefined>;
  publicListings(): Promise<Listing[]>;
}

/**
 * Acting on an analysis (issue 22 item 6): staff send a public listing to the buyers a participant
 * query found. Only verified buyers who kept deal alerts on get it, never twice for the same listing
 * (a unique pair in the database, so two sends at once cannot both reach a buyer); each mail goes by
 * a background job through the outbox, with the deal alerts' unsubscribe link. The send is audited and
 * `preview` shows beforehand who gets it, who is left out and why, and the mail.
 */
export class ListingSendService {
  readonly #database: Database;
  readonly #mailroom: Mailroom;
  readonly #listings: ListingReader;
  readonly #facets: FacetService;
  readonly #jobs: JobQueue;
  readonly #config: Config;
  readonly #unsubscribeUrl: (userId: number) => Promise<string>;
  readonly #clock: Clock;

  constructor(options: {
    database: Database;
    mailroom: Mailroom;
    listings: ListingReader;
    facets: FacetService;
    jobs: JobQueue;
    config: Config;
    /** The deal alerts' unsubscribe link for a buyer (DealAlertService). */
    unsubscribeUrl(userId: number): Promise<string>;
    clock?: Clock;
  }) {
    this.#database = options.database;
    this.#mailroom = options.mailroom;
    this.#listings = options.listings;
    this.#facets = options.facets;
    this.#jobs = options.jobs;
    this.#config = options.config;
    this.#unsubscribeUrl = options.unsubscribeUrl;
    this.#clock = options.clock ?? systemClock;
    this.#jobs.register(SEND_JOB, (payload) => this.#send((payload as { sendId: number }).sendId));
  }

  /** The listings that may be sent: those on the public market, newest first as the site lists them. */
  async sendableListings(actor: Sender): Promise<{ ListingId: number; Header: string }[]> {
    refuseUnlessStaff(actor);
    const listings = await this.#listings.publicListings();
    return listings.filter(isOnPublicMarket).map((l) => ({ ListingId: l.ListingId, Header: l.Header }));
  }

  /** What `send` would do now: the recipients, those left out and why, the first recipient's mail. */
  async preview(actor: Sender, request: ListingSendRequest): Promise<ListingSendPreview> {
    refuseUnlessStaff(actor);
    const { listing, candidates, found } = await this.#candidates(request);
    const { recipients, excluded } = sorted(candidates);
    const first = recipients[0];
    let mail: ListingSendPreview["mail"] = null;
    if (first) {
      const made = dealMail(
        "sentByStaff",
        this.#config,
        first,
        [listing],
        await this.#unsubscribeUrl(first.userId),
      );
      mail = { to: made.to, subject: made.subject, text: redactLinkTokens(made.text) };
    }
    return {
      listing: { ListingId: listing.ListingId, Header: listing.Header },
      found,
      recipients: recipients.length,
      excluded,
      mail,
    };
  }

  /** Files one send per recipient and its job, audited; answers how many buyers it will reach. */
  async send(actor: Sender, request: ListingSendRequest): Promise<{ sent: number }> {
    refuseUnlessStaff(actor);
    refuseWhileViewingAs(actor);
    const { listing, candidates, found } = await this.#candidates(request);
    const { recipients, excluded } = sorted(candidates);
    const at = this.#now();
    const sent = await this.#database.transaction(async (trx) => {
      // A buyer another send reached in the meantime is skipped by the unique pair, not sent twice.
      const ids = await new ListingSendRepository(trx).add(
        listing.ListingId,
        recipients.map((r) => r.userId),
        { sentBy: actor.id, queryUUID: request.queryUUID ?? null, at },
      );
      for (const sendId of ids)
        await this.#jobs.enqueue(trx, SEND_JOB, { sendId }, { uniqueKey: `${SEND_JOB}:${sendId}` });
      await new AuditTrail(trx, this.#clock).record({
        actor: actor.id,
        action: "listing-sent-to-buyers",
        subject: { listing: listing.ListingId },
        details: {
          found,
          sent: ids.length,
          excluded: Object.fromEntries(excluded.map((e) => [e.reason, e.count])),
          queryUUID: request.queryUUID ?? null,
        },
      });
      return ids.length;
    });
    return { sent };
  }

  /** Buyers each listing reached this way (the Mgmt Dash's "Buyers reached"). */
  reachedByListing(): Promise<Map<number, number>> {
    return new ListingSendRepository(this.#database.db).reachedByListing();
  }

  async #candidates(request: ListingSendRequest) {
    const choice = listingSendChoiceSchema.safeParse({ listingId: request.listingId });
    if (!choice.success) throw fail("VALIDATION", LISTING_NOT_SENDABLE);
    const listing = await this.#listings.findById(choice.data.listingId);
    if (!listing || !isOnPublicMarket(listing)) throw fail("VALIDATION", LISTING_NOT_SENDABLE);
    const ids: number[] = [];
    let found = 0;
    for (let start = 0; ; start += MAX_FACET_PAGE_SIZE) {
      const page = await this.#facets.query("participant", {
        filters: request.filters,
        sorts: [{ sortField: "id", isAscending: true }],
        size: MAX_FACET_PAGE_SIZE,
        start,
      });
      found = page.response.numFound;
      if (found > LISTING_SEND_MAX) throw fail("VALIDATION", LISTING_SEND_TOO_MANY(LISTING_SEND_MAX));
      ids.push(...page.response.docs.map((doc) => Number(doc.id)));
      if (start + MAX_FACET_PAGE_SIZE >= found) break;
    }
    // The index may be a moment behind: who is verified and wants alerts is read from the database.
    const candidates = await new ListingSendRepository(this.#database.db).candidates(listing.ListingId, ids);
    return { listing, candidates, found };
  }

  async #send(sendId: number): Promise<void> {
    const repository = new ListingSendRepository(this.#database.db);
    const pending = await repository.pending(sendId);
    if (!pending) return; // sent already, or dropped
    const listing = await this.#listings.findById(pending.ListingId);
    // Off the market since, or the buyer turned alerts off or lost verification: not sent.
    if (!listing || !isOnPublicMarket(listing) || !pending.verified || !pending.subscribed) {
      await repository.setStatus(sendId, "dropped", null);
      return;
    }
    const mail = dealMail(
      "sentByStaff",
      this.#config,
      pending,
      [listing],
      await this.#unsubscribeUrl(pending.userId),
    );
    const { mailError } = await this.#mailroom.transactionReportingMail(
      (executor) => new ListingSendRepository(executor),
      async (sends, fileMail) => {
        await sends.setStatus(sendId, "sent", this.#now());
        await fileMail(mail);
      },
    );
    if (mailError) {
      await repository.setStatus(sendId, "pending", null);
      throw new Error(mailError);
    }
  }

  #now(): string {
    return new Date(this.#clock.now()).toISOString();
  }
}

function refuseUnlessStaff(actor: Sender): void {
  if (!isAdminOrClaim(actor)) throw forbidden();
}

/** Recipients, and those left out counted by the first reason that applies. */
function sorted(candidates: readonly SendCandidate[]) {
  const recipients: SendCandidate[] = [];
  const counts = new Map<ListingSendExclusion, number>();
  for (const candidate of candidates) {
    const reason: ListingSendExclusion | null = !candidate.verified
      ? "notVerified"
      : candidate.frequency === null
        ? "alertsOff"
        : candidate.alreadySent
          ? "alreadySent"
          : null;
    if (reason) counts.set(reason, (counts.get(reason) ?? 0) + 1);
    else recipients.push(candidate);
  }
  const excluded = (Object.keys(LISTING_SEND_EXCLUSIONS) as ListingSendExclusion[])
    .filter((reason) => counts.has(reason))
    .map((reason) => ({ reason, count: counts.get(reason) ?? 0 }));
  return { recipients, excluded };
}
