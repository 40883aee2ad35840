import type { DataRoomEventName } from "@aea/domain";
import type { Clock } from "../clock.ts";
import { recordChange } from "../data-version/committed-changes.ts";
import type { Executor } from "../db/database.ts";
import type { AuditAction } from "./audit-actions.ts";

/** Who did it, from where. */
export interface AuditActor {
  /** The user who did it; null when nobody signed in did (a failed login, a link from a mail). */
  actor: number | null;
  /** The admin viewing the site as `actor` ("View as"): the deed is theirs, not the buyer's. */
  impersonator?: number | null;
  /** The address the request came from; omitted for jobs and the command line. */
  ip?: string | null;
}

/** What happened, to what: an account, a listing, or something in a listing's data room. */
export type AuditDeed =
  | {
      action: AuditAction;
      /** The account or listing changed; omitted when it is the actor's own account. */
      subject?: { user: number } | { listing: number };
      /** Free words, or a record (stored as JSON); never passwords or tokens. */
      details?: string | Record<string, unknown>;
    }
  | {
      action: DataRoomEventName;
      /** The listing whose data room it was, and the file or folder concerned, if any. */
      subject: { dataRoom: number; file?: number | null; folder?: number | null };
      details?: Record<string, unknown>;
    };

export type AuditedEvent = AuditActor & AuditDeed;

/**
 * The one way to record who did what, for the firm's records: timestamped by the Clock, written
 * through the executor given, so inside a service's transaction it commits or rolls back with the
 * change it records. Data-room events go to their own table (its per-buyer figures and Mgmt Dash
 * totals read it); everything else to the audit log.
 */
export class AuditTrail {
  readonly #db: Executor;
  readonly #clock: Clock;

  constructor(db: Executor, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  async record(event: AuditedEvent): Promise<void> {
    const at = new Date(this.#clock.now()).toISOString();
    const impersonatorId = event.impersonator ?? null;
    const ipAddress = event.ip ?? null;
    const subject = event.subject;
    if (subject && "dataRoom" in subject) {
      await this.#db
        .insertInto("data_room_events")
        .values({
          at,
          userId: event.actor,
          ListingId: subject.dataRoom,
          event: event.action,
          fileId: subject.file ?? null,
          folderId: subject.folder ?? null,
          ipAddress,
          detail: event.details ? JSON.stringify(event.details) : null,
          impersonatorId,
        })
        .execute();
      recordChange(this.#db, { dataset: "deal-activity", ids: [subject.dataRoom] });
      if (event.actor !== null) recordChange(this.#db, { dataset: "participants", ids: [event.actor] });
      return;
    }
    // The log's account is the one changed, else the actor's own; `actorId` names staff changing
    // someone else's account (as the user page reads it).
    const userId = subject && "user" in subject ? subject.user : event.actor;
    await this.#db
      .insertInto("audit_log")
      .values({
        at,
        userId,
        action: event.action,
        detail: typeof event.details === "object" ? JSON.stringify(event.details) : (event.details ?? null),
        actorId: event.actor !== null && event.actor !== userId ? event.actor : null,
        impersonatorId,
        ipAddress,
        ListingId: subject && "listing" in subject ? subject.listing : null,
      })
      .execute();
  }
}

/** The actor fields of a request's actor as services receive it (`{ userId, ipAddress, impersonatorId }`). */
export function actedBy(actor: {
  userId: number;
  ipAddress?: string | null;
  impersonatorId?: number | null;
}): AuditActor {
  return { actor: actor.userId, impersonator: actor.impersonatorId ?? null, ip: actor.ipAddress ?? null };
}
