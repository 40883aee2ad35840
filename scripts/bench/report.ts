// The results table (stdout) and bench-results/latest.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export type Status = "pass" | "fail" | "info" | "skip" | "error";

export interface Row {
  section: string;
  name: string;
  /** Our figure as displayed (req/s, score, ms, …). */
  ours: string;
  nginx: string;
  ratio: string;
  budget: string;
  status: Status;
  /** Why it failed or was skipped, or what else is worth knowing. */
  note?: string;
  /** Raw numbers for the JSON. */
  data?: Record<string, unknown>;
}

export const formatRps = (rps: number) =>
  Number.isFinite(rps) ? Math.round(rps).toLocaleString("en-US") : "—";
export const formatRatio = (ratio: number) =>
  Number.isFinite(ratio) ? (ratio > 0 && ratio < 0.1 ? ratio.toPrecision(2) : ratio.toFixed(2)) : "—";
export const formatMs = (ms: number) =>
  Number.isFinite(ms) ? `${ms < 1 ? ms.toFixed(3) : ms.toFixed(2)} ms` : "—";

const statusText: Record<Status, string> = {
  pass: "PASS",
  fail: "FAIL",
  info: "info",
  skip: "skip",
  error: "ERROR",
};

export function renderTable(rows: readonly Row[]): string {
  const header = ["Section", "Benchmark", "Ours", "nginx", "Ratio", "Budget", "Result"];
  const body = rows.map((r) => [r.section, r.name, r.ours, r.nginx, r.ratio, r.budget, statusText[r.status]]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i].length)));
  const right = new Set([2, 3, 4]);
  const line = (cells: string[]) =>
    cells.map((cell, i) => (right.has(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n");
}

export function renderSummary(rows: readonly Row[], notes: readonly string[]): string {
  const out: string[] = [];
  const failed = rows.filter((r) => r.status === "fail" || r.status === "error");
  const passed = rows.filter((r) => r.status === "pass").length;
  out.push(
    `Budgets: ${passed} met, ${failed.length} missed or broken, ${rows.filter((r) => r.status === "skip").length} skipped`,
  );
  if (failed.length > 0) {
    out.push("", "Below budget or broken:");
    for (const r of failed)
      out.push(`  - [${r.section}] ${r.name}: ${r.ours} (budget ${r.budget})${r.note ? ` — ${r.note}` : ""}`);
  }
  const skipped = rows.filter((r) => r.status === "skip" && r.note);
  if (skipped.length > 0) {
    out.push("", "Skipped:");
    for (const r of skipped) out.push(`  - [${r.section}] ${r.name}: ${r.note}`);
  }
  const infos = rows.filter((r) => (r.status === "info" || r.status === "pass") && r.note);
  if (infos.length > 0) {
    out.push("", "Row notes:");
    for (const r of infos) out.push(`  - [${r.section}] ${r.name}: ${r.note}`);
  }
  if (notes.length > 0) {
    out.push("", "Observations:");
    for (const note of notes) out.push(`  - ${note}`);
  }
  return out.join("\n");
}

export function writeJson(file: string, value: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}
