import { type Clock, systemClock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { Mailroom } from "../mail/mailroom.ts";
import type { DataRoomAccessService } from "./data-room-access.service.ts";

/**
 * What the services beside a data room's files (Q&A, bids, document search) are built from, gathered
 * once in core.ts: the database, the room's door (each of their reads and writes asks it first), the
 * background jobs and the mail they file, the firm's settings that mail needs, and the clock.
 */
export interface RoomServiceDeps {
  database: Database;
  access: DataRoomAccessService;
  mailroom: Pick<Mailroom, "transactionReportingMail">;
  jobs: JobQueue;
  config: Pick<Config, "firmName" | "publicUrl" | "supportEmail">;
  clock: Clock;
}

/** The dependencies as a room service is given them: tests move the clock, otherwise it is the system's. */
export type RoomServiceOptions = Omit<RoomServiceDeps, "clock"> & { clock?: Clock };

/** The options with their clock settled (the system's when none was given). */
export function withClock<Options extends { clock?: Clock }>(options: Options): Options & { clock: Clock } {
  return { ...options, clock: options.clock ?? systemClock };
}
