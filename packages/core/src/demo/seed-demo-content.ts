import { availableParallelism } from "node:os";
import sharp from "sharp";
import { CONTENT_PREFIX } from "../content/asset.service.ts";
import { ContentRepository } from "../content/content.repository.ts";
import type { Database } from "../db/database.ts";
import type { Storage } from "../storage/storage.ts";
import { DEMO_CONTENT_CREATED_AT, type DemoFile, demoContent } from "./demo-content.ts";
import type { DemoListings } from "./listings.ts";

interface SeedTargets {
  database: Database;
  storage: Storage;
  deals: DemoListings;
}

/**
 * Fills empty content tables with the demo content. Its pictures and PDFs are rendered whenever missing, even
 * when the tables are already filled (a fresh DATA_DIR next to a seeded PostgreSQL database).
 */
export async function seedDemoContent({ database, storage, deals }: SeedTargets): Promise<void> {
  const demo = demoContent(deals);
  const sizes = await renderMissing(demo.files, storage);
  if ((await new ContentRepository(database.db).countItems()) > 0) return;
  const files = demo.files.map((file) => {
    const focal = file.type === "application/pdf" ? undefined : file.focalPoint;
    return {
      id: file.id,
      filename: file.filename,
      type: file.type,
      width: file.width,
      height: file.height,
      filesize: sizes.get(file.id) ?? 0,
      title: file.title,
      storagePath: file.storagePath,
      focalPointX: focal?.x ?? null,
      focalPointY: focal?.y ?? null,
      createdAt: DEMO_CONTENT_CREATED_AT,
    };
  });
  await database.transaction((trx) => new ContentRepository(trx).insert(demo.items, files));
}

/** Renders the files storage lacks; answers every file's size by id. */
async function renderMissing(files: readonly DemoFile[], storage: Storage): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      const key = `${CONTENT_PREFIX}${file.storagePath}`;
      const stored =
        (await storage.stat(key)) ?? (await storage.put(key, await render(file), { contentType: file.type }));
      sizes.set(file.id, stored.size);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
  return sizes;
}

function render(file: DemoFile): Promise<Uint8Array> {
  if (file.type === "application/pdf") return file.pdf();
  const image = sharp(Buffer.from(file.svg()), { density: 72 });
  return (
    file.type === "image/png"
      ? image.png({ compressionLevel: 6, adaptiveFiltering: false })
      : image.jpeg({ quality: 84 })
  ).toBuffer();
}
