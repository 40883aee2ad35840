import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { ContentRepository } from "../content/content.repository.ts";
import type { Database } from "../db/database.ts";
import { fileExists } from "../file-exists.ts";
import { DEMO_CONTENT_CREATED_AT, type DemoFile, demoContent } from "./demo-content.ts";
import type { DemoListings } from "./listings.ts";

interface SeedTargets {
  database: Database;
  mediaDir: string;
  deals: DemoListings;
}

/**
 * Fills empty content tables with the demo content. Its pictures and PDFs are rendered whenever missing, even
 * when the tables are already filled (a fresh DATA_DIR next to a seeded PostgreSQL database).
 */
export async function seedDemoContent({ database, mediaDir, deals }: SeedTargets): Promise<void> {
  const demo = demoContent(deals);
  const contentDir = join(mediaDir, "content");
  await renderMissing(demo.files, contentDir);
  if ((await new ContentRepository(database.db).countItems()) > 0) return;
  const files = await Promise.all(
    demo.files.map(async (file) => {
      const focal = file.type === "application/pdf" ? undefined : file.focalPoint;
      return {
        id: file.id,
        filename: file.filename,
        type: file.type,
        width: file.width,
        height: file.height,
        filesize: (await stat(join(contentDir, file.storagePath))).size,
        title: file.title,
        storagePath: file.storagePath,
        focalPointX: focal?.x ?? null,
        focalPointY: focal?.y ?? null,
        createdAt: DEMO_CONTENT_CREATED_AT,
      };
    }),
  );
  await database.transaction((trx) => new ContentRepository(trx).insert(demo.items, files));
}

async function renderMissing(files: readonly DemoFile[], contentDir: string): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      const target = join(contentDir, file.storagePath);
      if (await fileExists(target)) continue;
      await mkdir(dirname(target), { recursive: true });
      // A temporary name and a rename: an interrupted run never leaves a half-written picture behind.
      const temporary = `${target}.${process.pid}.tmp`;
      try {
        if (file.type === "application/pdf") await writeFile(temporary, await file.pdf());
        else {
          const image = sharp(Buffer.from(file.svg()), { density: 72 });
          await (file.type === "image/png"
            ? image.png({ compressionLevel: 6, adaptiveFiltering: false })
            : image.jpeg({ quality: 84 })
          ).toFile(temporary);
        }
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
}
