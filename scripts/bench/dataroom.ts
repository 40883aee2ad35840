// The data-room part of `npm run bench` (BENCH_ONLY=dataroom): a 200 MB download through the authorised
// route vs nginx, server RSS during a 1 GB resumable upload, watermarking a 100-page PDF, the
// server render of a data room holding 5,000 files, and the engagement recomputation (parts/engagement.ts).

import { once } from "node:events";
import { createReadStream, createWriteStream, readFileSync, statSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { watermarkPdf } from "@aea/core/testing";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { startNginx } from "./nginx.ts";
import { measureEngagement } from "./parts/engagement.ts";
import { formatMs, formatRatio, type Row } from "./report.ts";
import type { ProductServer } from "./server.ts";
import { log, median, quantile } from "./util.ts";

const MB = 1024 * 1024;
const ADMIN = { email: "admin@anticline.test", password: "Admin123!" };
const UPLOADS = "/api/FolderManager/uploads";

interface Session {
  base: string;
  cookie: string;
}

/** Every measurement of the part, as rows of the bench table. */
export async function measureDataRoom(server: ProductServer, workDir: string): Promise<Row[]> {
  const rows: Row[] = [];
  const session = await logIn(server.url);
  const listingId = roomListing(server.dataDir);
  log(`dataroom: listing ${listingId}`);

  // 1 GB upload: the server's resident memory while it receives, checks and stores the file.
  const big = join(workDir, "upload-1gb.csv");
  await writeTextFile(big, 1024 * MB);
  const rssBefore = rssMb(server.pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMb(server.pid));
  }, 50);
  const uploadStarted = performance.now();
  let uploadError: string | undefined;
  try {
    await tusUpload(session, big, {
      target: "data-room",
      listingId: String(listingId),
      folderId: "0",
      filename: "Bench 1 GB.csv",
    });
  } catch (error) {
    uploadError = (error as Error).message;
  } finally {
    clearInterval(sampler);
  }
  const uploadSeconds = (performance.now() - uploadStarted) / 1000;
  const growth = rssPeak - rssBefore;
  rows.push({
    section: "dataroom",
    name: "1 GB upload: server RSS growth",
    ours: `${growth.toFixed(1)} MB`,
    nginx: "—",
    ratio: "—",
    budget: "≤ 64 MB",
    status: uploadError ? "error" : growth <= 64 ? "pass" : "fail",
    note:
      uploadError ??
      `RSS ${rssBefore.toFixed(0)} → peak ${rssPeak.toFixed(0)} MB; ${(1024 / uploadSeconds).toFixed(0)} MB/s in 64 MB tus parts`,
    data: { rssBefore, rssPeak, uploadSeconds },
  });

  // 200 MB download, one connection: the authorised route vs nginx sending the same bytes.
  const medium = join(workDir, "download-200mb.csv");
  await writeTextFile(medium, 200 * MB);
  const fileId = await tusUpload(session, medium, {
    target: "data-room",
    listingId: String(listingId),
    folderId: "0",
    filename: "Bench 200 MB.csv",
  });
  const path = `/deals/${listingId}/data-room/files/${fileId}`;
  const nginx = await startNginx(workDir, [
    { path, body: readFileSync(medium), contentType: "text/csv; charset=utf-8" },
  ]);
  try {
    const ours: number[] = [];
    const theirs: number[] = [];
    await download(`${server.url}${path}`, session.cookie);
    for (let round = 0; round < 5; round++) {
      ours.push(await download(`${server.url}${path}`, session.cookie));
      theirs.push(await download(`${nginx.url}${path}`));
    }
    const oursMbps = 200 / (median(ours) / 1000);
    const nginxMbps = 200 / (median(theirs) / 1000);
    const ratio = oursMbps / nginxMbps;
    rows.push({
      section: "dataroom",
      name: "200 MB download (1 connection)",
      ours: `${oursMbps.toFixed(0)} MB/s`,
      nginx: `${nginxMbps.toFixed(0)} MB/s`,
      ratio: formatRatio(ratio),
      budget: "≥ 0.8",
      status: ratio >= 0.8 ? "pass" : "fail",
      note: `median of 5 (ours ${median(ours).toFixed(0)} ms, nginx ${median(theirs).toFixed(0)} ms per file)`,
      data: { ours, nginx: theirs },
    });
  } finally {
    await nginx.stop();
  }

  // Watermarking a 100-page PDF (in this process, the core's own function) and its preview over HTTP.
  const pdf = await hundredPagePdf();
  const stampTimes: number[] = [];
  for (let round = 0; round < 12; round++) {
    const started = performance.now();
    await watermarkPdf(pdf, {
      name: "Bench Buyer",
      email: "bench@example.test",
      company: "Bench Energy LLC",
      at: new Date().toISOString(),
      watermarkId: "WM-BENCH",
    });
    if (round >= 2) stampTimes.push(performance.now() - started);
  }
  const pdfFile = join(workDir, "hundred-pages.pdf");
  await writeBytes(pdfFile, pdf);
  const pdfId = await tusUpload(session, pdfFile, {
    target: "data-room",
    listingId: String(listingId),
    folderId: "0",
    filename: "Bench 100 pages.pdf",
  });
  const previewTimes: number[] = [];
  for (let round = 0; round < 12; round++) {
    const ms = await download(
      `${server.url}/deals/${listingId}/data-room/files/${pdfId}/preview`,
      session.cookie,
    );
    if (round >= 2) previewTimes.push(ms);
  }
  const stampP50 = median(stampTimes);
  rows.push({
    section: "dataroom",
    name: "watermark a 100-page PDF (p50)",
    ours: formatMs(stampP50),
    nginx: "—",
    ratio: "—",
    budget: "≤ 500 ms",
    status: stampP50 <= 500 ? "pass" : "fail",
    note: `p95 ${formatMs(quantile(stampTimes, 0.95))}; ${(pdf.byteLength / 1024).toFixed(0)} KB PDF; the stamped preview over HTTP p50 ${formatMs(median(previewTimes))}`,
    data: { stampTimes, previewTimes },
  });

  // The data-room page of a listing with 5,000 files (50 folders of 100), rendered on the server.
  const { topUrl, folderUrl } = fillRoom(server.dataDir, listingId, server.url);
  for (const [name, url] of [
    ["data room with 5,000 files: page render (p50)", topUrl],
    ["…its folder of 100 files: page render (p50)", folderUrl],
  ] as const) {
    const times: number[] = [];
    for (let round = 0; round < 35; round++) {
      const ms = await download(url, session.cookie);
      if (round >= 5) times.push(ms);
    }
    const p50 = median(times);
    rows.push({
      section: "dataroom",
      name,
      ours: formatMs(p50),
      nginx: "—",
      ratio: "—",
      budget: "≤ 100 ms",
      status: p50 <= 100 ? "pass" : "fail",
      note: `p95 ${formatMs(quantile(times, 0.95))}, 30 sequential requests as staff; the tree ships every folder, the page one folder's files`,
      data: { times },
    });
  }
  rows.push(...(await measureEngagement()));
  return rows;
}

async function logIn(base: string): Promise<Session> {
  const response = await fetch(`${base}/api/Auth/Login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ ...ADMIN, rememberMe: false }),
  });
  if (!response.ok) throw new Error(`admin login failed: HTTP ${response.status}`);
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0];
  return { base, cookie };
}

/** The first unsold listing with a demo data room (read from the server's SQLite file). */
function roomListing(dataDir: string): number {
  const db = new DatabaseSync(join(dataDir, "anticline.sqlite"));
  try {
    const row = db
      .prepare("select ListingId from listings where hasVDR = 1 and sold = 0 order by ListingId limit 1")
      .get() as { ListingId: number } | undefined;
    if (!row) throw new Error("no listing with a data room");
    return row.ListingId;
  } finally {
    db.close();
  }
}

/** Adds 50 folders of 100 files each to another room, straight into the database (no bytes needed to render). */
function fillRoom(dataDir: string, skip: number, base: string): { topUrl: string; folderUrl: string } {
  const db = new DatabaseSync(join(dataDir, "anticline.sqlite"));
  try {
    db.exec("PRAGMA busy_timeout = 10000");
    const { ListingId } = db
      .prepare(
        "select ListingId from listings where hasVDR = 1 and sold = 0 and ListingId <> ? order by ListingId limit 1",
      )
      .get(skip) as { ListingId: number };
    const now = new Date().toISOString();
    const addFolder = db.prepare(
      `insert into data_room_folders ("ListingId", "parentId", name, position, "createdAt", "updatedAt") values (?, 0, ?, ?, ?, ?) returning id`,
    );
    const addFile = db.prepare(
      `insert into data_room_files ("ListingId", "folderId", name, size, "contentType", "storageKey", sha256, "uploadedBy", "createdAt", "updatedAt")
       values (?, ?, ?, ?, 'application/pdf', 'demo/data-room/Teaser.pdf', ?, null, ?, ?)`,
    );
    db.exec("begin");
    let first = 0;
    for (let f = 0; f < 50; f++) {
      const { id } = addFolder.get(ListingId, `Bench folder ${f + 1}`, 100 + f, now, now) as { id: number };
      first ||= id;
      for (let n = 0; n < 100; n++)
        addFile.run(
          ListingId,
          id,
          `Well ${f + 1}-${n + 1} report.pdf`,
          120_000 + n,
          "0".repeat(64),
          now,
          now,
        );
    }
    db.exec("commit");
    return {
      topUrl: `${base}/deals/${ListingId}/data-room`,
      folderUrl: `${base}/deals/${ListingId}/data-room?folder=${first}`,
    };
  } finally {
    db.close();
  }
}

/** A text file of `bytes` bytes (CSV rows), written in 4 MB pieces. */
async function writeTextFile(path: string, bytes: number): Promise<void> {
  const piece = Buffer.alloc(4 * MB, "1001,42.5,7.25\n");
  const out = createWriteStream(path);
  for (let written = 0; written < bytes; written += piece.length) {
    const chunk = piece.subarray(0, Math.min(piece.length, bytes - written));
    if (!out.write(chunk)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

async function writeBytes(path: string, bytes: Uint8Array): Promise<void> {
  const out = createWriteStream(path);
  out.end(Buffer.from(bytes));
  await once(out, "finish");
}

async function hundredPagePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 100; n++) {
    const page = pdf.addPage([612, 792]);
    for (let line = 0; line < 40; line++) {
      page.drawText(
        `Page ${n}, line ${line + 1}: lease, well and production figures for the reserve report.`,
        {
          x: 50,
          y: 740 - line * 17,
          size: 10,
          font,
        },
      );
    }
  }
  return pdf.save();
}

/** Sends a file with the tus protocol in 64 MB parts; answers the stored file's id. */
async function tusUpload(session: Session, path: string, metadata: Record<string, string>): Promise<number> {
  const size = statSync(path).size;
  const encoded = Object.entries(metadata)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");
  const created = await send(session, "POST", UPLOADS, {
    "Tus-Resumable": "1.0.0",
    "Upload-Length": String(size),
    "Upload-Metadata": encoded,
  });
  if (created.status !== 201) throw new Error(`tus create: HTTP ${created.status} ${created.body}`);
  const location = new URL(created.headers.location ?? "", session.base).pathname;
  const part = 64 * MB;
  let result = "";
  for (let offset = 0; offset < size; offset += part) {
    const end = Math.min(size, offset + part);
    const answer = await send(
      session,
      "PATCH",
      location,
      {
        "Tus-Resumable": "1.0.0",
        "Upload-Offset": String(offset),
        "Content-Type": "application/offset+octet-stream",
        "Content-Length": String(end - offset),
      },
      () => createReadStream(path, { start: offset, end: end - 1 }),
    );
    if (answer.status !== 204)
      throw new Error(`tus patch at ${offset}: HTTP ${answer.status} ${answer.body}`);
    result = answer.headers["upload-result"] ?? result;
  }
  return (JSON.parse(result) as { id: number }).id;
}

function send(
  session: Session,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: () => NodeJS.ReadableStream,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${session.base}${path}`,
      { method, headers: { ...headers, cookie: session.cookie, origin: session.base }, agent: false },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string>,
            body: text,
          }),
        );
      },
    );
    req.on("error", reject);
    if (body) body().pipe(req);
    else req.end();
  });
}

/** GETs a URL on one fresh connection, discarding the bytes; answers the milliseconds to the last byte. */
function download(url: string, cookie?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { headers: cookie ? { cookie } : {}, agent: false }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`${url}: HTTP ${res.statusCode}`));
      res.on("data", () => undefined);
      res.on("end", () => resolve(performance.now() - started));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
