import type { Executor } from "../db/database.ts";
import { AccessCodeAttemptRepository } from "./access-code-attempt.repository.ts";
import { AccessRequestRepository } from "./access-request.repository.ts";
import { DataRoomEventRepository } from "./data-room-event.repository.ts";
import { DataRoomFileRepository } from "./data-room-file.repository.ts";
import { DataRoomGrantRepository } from "./data-room-grant.repository.ts";
import { DataRoomSettingsRepository } from "./data-room-settings.repository.ts";
import { FileNoteRepository } from "./file-note.repository.ts";
import { PrivateDealGrantRepository } from "./private-deal-grant.repository.ts";
import { RoomPeopleRepository } from "./room-people.repository.ts";
import { SignedAgreementRepository } from "./signed-agreement.repository.ts";

/** The data-room repositories bound to one executor, so a service writes several in one transaction. */
export function dataRoomStores(executor: Executor) {
  return {
    privateDealGrants: new PrivateDealGrantRepository(executor),
    dataRoomGrants: new DataRoomGrantRepository(executor),
    signedAgreements: new SignedAgreementRepository(executor),
    events: new DataRoomEventRepository(executor),
    settings: new DataRoomSettingsRepository(executor),
    accessCodeAttempts: new AccessCodeAttemptRepository(executor),
    accessRequests: new AccessRequestRepository(executor),
    files: new DataRoomFileRepository(executor),
    notes: new FileNoteRepository(executor),
    people: new RoomPeopleRepository(executor),
  };
}

export type DataRoomStores = ReturnType<typeof dataRoomStores>;
