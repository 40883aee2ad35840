// Lighthouse 13 (mobile preset, simulated throttling) through its Node API: median of N runs per page.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_SERVER_FLAGS } from "../chromium.ts";
import type { Row } from "./report.ts";
import { errorText, log, median, rawGet } from "./util.ts";

export const CHROME_FLAGS = ["--headless", ...CHROMIUM_SERVER_FLAGS];

/** Issue 25: performance ≥ 99 and at most 50 ms of blocking on a phone, for a first visit. */
const CATEGORIES = [
  { id: "performance", title: "performance", budget: 99 },
  { id: "accessibility", title: "accessibility", budget: 100 },
  { id: "best-practices", title: "best practices", budget: 100 },
  { id: "seo", title: "SEO", budget: 100 },
] as const;

const METRICS = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "SI"],
] as const;

const TBT_BUDGET_MS = 50;

/** A returning visitor: the terms of use were accepted (the cookie the terms dialog sets). */
const TERMS_COOKIE = { name: "userAgreed", value: "true" };
export const COOKIE = `${TERMS_COOKIE.name}=${TERMS_COOKIE.value}`;

/**
 * Stores the cookie in the browser itself (DevTools protocol over the built-in WebSocket), not just as a
 * request header: the page reads it from document.cookie, and without it the terms dialog opens and the
 * audit measures a first visit behind a modal.
 */
async function setBrowserCookie(port: number, url: string): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  try {
    const answered = new Promise<void>((resolve, reject) => {
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
        if (message.id !== 1) return;
        if (message.error) reject(new Error(`Storage.setCookies: ${message.error.message}`));
        else resolve();
      };
    });
    socket.send(
      JSON.stringify({
        id: 1,
        method: "Storage.setCookies",
        params: { cookies: [{ ...TERMS_COOKIE, url }] },
      }),
    );
    await answered;
  } finally {
    socket.close();
  }
}

interface AuditResult {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  numericValue?: number;
  scoreDisplayMode?: string;
  details?: { items?: Record<string, unknown>[] };
}
interface Lhr {
  finalDisplayedUrl?: string;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, AuditResult>;
}

export interface LighthouseOptions {
  baseUrl: string;
  paths: readonly string[];
  runs: number;
  chromePath: string;
  /** Where the median run's HTML report and JSON go (one pair per page). */
  reportDir: string;
  /**
   * "first": a first visit, without the terms cookie, so the terms dialog opens (issue 25's measure);
   * "returning": the terms were accepted before.
   */
  visit: "first" | "returning";
}

/** A short text for the first items of an audit's details (what exactly failed). */
function detailText(audit: AuditResult): string {
  const items = audit.details?.items ?? [];
  const texts = items.slice(0, 3).map((item) => {
    const parts: string[] = [];
    for (const key of ["issueType", "description", "source", "url", "label"]) {
      const value = item[key];
      if (typeof value === "string" && value) parts.push(value.slice(0, 120));
      else if (value && typeof value === "object" && "url" in value)
        parts.push(String((value as { url: unknown }).url));
    }
    const node = item.node as { snippet?: string; selector?: string } | undefined;
    if (node?.selector) parts.push(node.selector);
    const sub = (item.subItems as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
    for (const subItem of sub.slice(0, 2)) {
      const text = Object.values(subItem).find((v) => typeof v === "string" && v);
      if (typeof text === "string") parts.push(text.slice(0, 160));
    }
    return parts.join(" ");
  });
  return texts.filter(Boolean).join(" | ");
}

const score = (lhr: Lhr, id: string) => {
  const value = lhr.categories[id]?.score;
  return typeof value === "number" ? Math.round(value * 100) : Number.NaN;
};

/** The audits that cost points in a category of one run, worst (by weight) first. */
function failingAudits(lhr: Lhr, categoryId: string): string[] {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  const perf = categoryId === "performance";
  const failing = category.auditRefs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(
      ({ ref, audit }) =>
        audit && (ref.weight > 0 || perf) && audit.score !== null && audit.score < (perf ? 0.9 : 1),
    )
    .filter(
      ({ audit }) =>
        audit.scoreDisplayMode !== "informative" &&
        audit.scoreDisplayMode !== "notApplicable" &&
        audit.scoreDisplayMode !== "manual",
    )
    .sort((a, b) => b.ref.weight - a.ref.weight || (a.audit.score ?? 0) - (b.audit.score ?? 0));
  return failing.slice(0, 8).map(({ audit }) => {
    const detail = perf ? "" : detailText(audit);
    return `${audit.id} (${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ""}, score ${Math.round((audit.score ?? 0) * 100)}${detail ? `; ${detail}` : ""})`;
  });
}

/** What moved and why, from the layout-shifts audit: "selector (score, Web font loaded: url)". */
function layoutShiftCauses(lhr: Lhr): string {
  const items = lhr.audits["layout-shifts"]?.details?.items ?? [];
  return items
    .slice(0, 3)
    .map((item) => {
      const node = item.node as { selector?: string } | undefined;
      const score = typeof item.score === "number" ? item.score.toFixed(3) : "?";
      const causes = (
        (item.subItems as { items?: { cause?: string; extra?: { value?: string } }[] } | undefined)?.items ??
        []
      )
        .map((sub) => [sub.cause, sub.extra?.value].filter(Boolean).join(": "))
        .join(", ");
      return `${node?.selector ?? "?"} (${score}${causes ? `, ${causes}` : ""})`;
    })
    .join("; ");
}

/**
 * Whether the audited page fetched React Router's client entry. Pages hydrate only after they have
 * loaded and painted; a run where that never happened audited a page without its scripts and would
 * flatter every metric.
 */
function loadedAppScripts(lhr: Lhr): boolean {
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  return requests.some((request) => /\/_app\/entry\.client-[^/]+\.js$/.test(String(request.url)));
}

export async function runLighthouse(options: LighthouseOptions): Promise<{ rows: Row[]; command: string }> {
  const rows: Row[] = [];
  const chrome = await launch({
    chromePath: options.chromePath,
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
  });
  const flags = {
    port: chrome.port,
    output: "html" as const,
    logLevel: "error" as const,
    onlyCategories: CATEGORIES.map((c) => c.id),
  };
  try {
    if (options.visit === "returning") await setBrowserCookie(chrome.port, options.baseUrl);
    for (const path of options.paths) {
      const url = options.baseUrl + path;
      const probe = await rawGet(url, { cookie: COOKIE }).catch((error: unknown) => ({
        status: 0,
        error: errorText(error),
      }));
      if (probe.status !== 200) {
        rows.push({
          section: "lighthouse",
          name: path,
          ours: "—",
          nginx: "—",
          ratio: "—",
          budget: "perf ≥ 99, rest = 100",
          status: "skip",
          note: `answers HTTP ${probe.status}${"error" in probe ? ` (${probe.error})` : ""}: not audited`,
        });
        continue;
      }
      const lhrs: Lhr[] = [];
      const reports = new Map<Lhr, string>();
      const errors: string[] = [];
      // A run that fails (e.g. NO_NAVSTART on a busy machine) is retried, at most twice per page.
      for (let i = 0; lhrs.length < options.runs && i < options.runs + 2; i++) {
        const started = Date.now();
        try {
          const result = await lighthouse(url, flags);
          const lhr = result?.lhr as unknown as Lhr | undefined;
          if (!lhr) throw new Error("no result");
          if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
          if (!loadedAppScripts(lhr))
            throw new Error("the page never requested its app scripts (entry.client): it did not hydrate");
          lhrs.push(lhr);
          if (typeof result?.report === "string") reports.set(lhr, result.report);
          log(
            `lighthouse ${path} run ${lhrs.length}/${options.runs}: ${CATEGORIES.map((c) => `${c.id} ${score(lhr, c.id)}`).join(", ")} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
          );
        } catch (error) {
          errors.push(errorText(error));
          log(`lighthouse ${path} attempt ${i + 1} failed: ${errorText(error)}`);
        }
      }
      if (lhrs.length === 0) {
        rows.push({
          section: "lighthouse",
          name: path,
          ours: "—",
          nginx: "—",
          ratio: "—",
          budget: "perf ≥ 99, rest = 100",
          status: "error",
          note: errors.join("; "),
        });
        continue;
      }
      // The run with the median performance score stands for the page (its metrics and failing audits).
      const byPerf = [...lhrs].sort((a, b) => score(a, "performance") - score(b, "performance"));
      const medianRun = byPerf[Math.floor((byPerf.length - 1) / 2)];
      const slug = path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "root";
      mkdirSync(options.reportDir, { recursive: true });
      const reportFile = join(options.reportDir, `${slug}.html`);
      writeFileSync(reportFile, reports.get(medianRun) ?? "");
      writeFileSync(join(options.reportDir, `${slug}.json`), JSON.stringify(medianRun));
      const metrics = METRICS.map(
        ([id, label]) => `${label} ${medianRun.audits[id]?.displayValue ?? "?"}`,
      ).join(", ");
      for (const category of CATEGORIES) {
        const scores = lhrs.map((lhr) => score(lhr, category.id)).filter(Number.isFinite);
        const value = median(scores);
        const range = scores.length > 1 ? ` (${Math.min(...scores)}–${Math.max(...scores)})` : "";
        const pass = Number.isFinite(value) && value >= category.budget;
        const notes: string[] = [];
        if (category.id === "performance") {
          notes.push(`${metrics}; median run: ${reportFile}`);
          const shifts = layoutShiftCauses(medianRun);
          if (shifts) notes.push(`layout shifts: ${shifts}`);
        }
        if (!pass)
          notes.push(`failing audits: ${failingAudits(medianRun, category.id).join("; ") || "none listed"}`);
        if (errors.length > 0 && category.id === "performance")
          notes.push(`${errors.length} failed attempt(s) retried: ${errors[0]}`);
        rows.push({
          section: "lighthouse",
          name: `${path} ${category.title}`,
          ours: `${Number.isFinite(value) ? value : "—"}${range}`,
          nginx: "—",
          ratio: "—",
          budget: category.budget === 100 ? "= 100" : `≥ ${category.budget}`,
          status: pass ? "pass" : "fail",
          note: notes.join("; "),
          data: {
            scores,
            median: value,
            runs: lhrs.length,
            metrics: Object.fromEntries(
              METRICS.map(([id, label]) => [label, medianRun.audits[id]?.displayValue]),
            ),
          },
        });
      }
      const blocking = lhrs.map((lhr) => lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN);
      const medianBlocking = median(blocking.filter(Number.isFinite));
      rows.push({
        section: "lighthouse",
        name: `${path} total blocking time`,
        ours: `${Math.round(medianBlocking)} ms (${blocking.map((ms) => Math.round(ms)).join(", ")})`,
        nginx: "—",
        ratio: "—",
        budget: `≤ ${TBT_BUDGET_MS} ms`,
        status: medianBlocking <= TBT_BUDGET_MS ? "pass" : "fail",
        note: `median of the ${lhrs.length} runs (each run's in brackets), ${options.visit} visit`,
        data: { blockingMs: blocking, median: medianBlocking },
      });
    }
  } finally {
    chrome.kill();
  }
  const visit =
    options.visit === "returning"
      ? `with the browser cookie ${COOKIE}`
      : "on a first visit (no cookie: the terms dialog opens)";
  const command = `lighthouse(url, { port, onlyCategories: [performance, accessibility, best-practices, seo], }) ${visit} — mobile preset, Chrome ${options.chromePath} ${CHROME_FLAGS.join(" ")}; median of ${options.runs}`;
  return { rows, command };
}
