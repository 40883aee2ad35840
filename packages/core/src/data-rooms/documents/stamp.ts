import { randomBytes } from "node:crypto";
import { DATA_ROOM_TEXTS, displayName, fail, type SessionUser } from "@aea/domain";
import type { RoomPeopleRepository } from "../room-people.repository.ts";
import type { WatermarkViewer } from "./watermark.ts";

/**
 * Who a copy is stamped for, at `at`: the viewer, and the staff member while they "View as" the
 * viewer. A new watermark id per delivery goes on every page and into the event.
 */
export async function stampFor(
  people: RoomPeopleRepository,
  viewer: SessionUser,
  at: string,
): Promise<WatermarkViewer> {
  const stamp = {
    name: displayName(viewer),
    email: viewer.email,
    company: viewer.officialCompanyName ?? "",
    at,
    watermarkId: newWatermarkId(),
  };
  if (viewer.impersonatorId === null) return stamp;
  const staff = await people.find(viewer.impersonatorId);
  return { ...stamp, staff: staff ?? { name: "", email: `staff account #${viewer.impersonatorId}` } };
}

/** The PDF stamped, or a 422 when its bytes cannot be read as one: it is never sent unstamped. */
export async function stampedOrRefused(bytes: Uint8Array, viewer: WatermarkViewer): Promise<Uint8Array> {
  // The PDF library loads with the first stamped copy, not with the server (decision 037).
  const { watermarkPdf } = await import("./watermark.ts");
  try {
    return await watermarkPdf(bytes, viewer);
  } catch {
    throw fail("NOT_STAMPABLE", DATA_ROOM_TEXTS.notStampable);
  }
}

/** A short id printed on each stamped page and kept in the event: "WM-" and 10 base32 characters. */
function newWatermarkId(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return `WM-${[...randomBytes(10)].map((b) => alphabet[b % 32]).join("")}`;
}
