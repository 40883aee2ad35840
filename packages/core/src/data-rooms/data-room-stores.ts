import { AuditTrail } from "../audit/audit-trail.ts";
import type { Clock } from "../clock.ts";
import type { Executor } from "../db/database.ts";
import { AccessCodeAttemptRepository } from "./access-codes/access-code-attempt.repository.ts";
import { AccessRequestRepository } from "./access-codes/access-request.repository.ts";
import { DataRoomSettingsRepository } from "./access-codes/data-room-settings.repository.ts";
import { SignedAgreementRepository } from "./agreements/signed-agreement.repository.ts";
import { DataRoomFileRepository } from "./documents/data-room-file.repository.ts";
import { FileNoteRepository } from "./documents/file-note.repository.ts";
import { dataRoomGrantRepository, privateDealGrantRepository } from "./listing-grant.repository.ts";
import { RoomPeopleRepository } from "./room-people.repository.ts";

/** The data-room repositories bound to one executor, so a service writes several in one transaction. */
export function dataRoomStores(executor: Executor) {
  return {
    privateDealGrants: privateDealGrantRepository(executor),
    dataRoomGrants: dataRoomGrantRepository(executor),
    signedAgreements: new SignedAgreementRepository(executor),
    settings: new DataRoomSettingsRepository(executor),
    accessCodeAttempts: new AccessCodeAttemptRepository(executor),
    accessRequests: new AccessRequestRepository(executor),
    files: new DataRoomFileRepository(executor),
    notes: new FileNoteRepository(executor),
    people: new RoomPeopleRepository(executor),
  };
}

export type DataRoomStores = ReturnType<typeof dataRoomStores>;

/**
 * The repositories and the audit trail bound to one transaction, for work handed to the mailroom
 * (its transaction files the mail with the change and the event).
 */
export function dataRoomStoresWithTrail(clock: Clock) {
  return (executor: Executor) => ({ ...dataRoomStores(executor), trail: new AuditTrail(executor, clock) });
}
