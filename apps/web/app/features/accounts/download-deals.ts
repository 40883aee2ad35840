import { isActive, type Listing } from "@aea/domain";

const HEADER = ["Listing Number", "Header", "Field", "PLS CODE", "WHR", "WHT"];

/** One cell of the tab-separated file: tabs and line breaks inside a value would break its row. */
const cell = (value: string | number | null | undefined) =>
  String(value ?? "")
    .replace(/[\t\r\n]+/g, " ")
    .trim();

/** Deals.txt (spec §7): active, non-private deals, one tab-separated line each under a header line. */
export function dealsText(listings: readonly Listing[]): string {
  const rows = listings
    .filter((l) => isActive(l) && !l.isPrivate)
    .map((l) => [l.ListingId, l.Header, l.field, l.PLSCode, l.whr, l.wht].map(cell).join("\t"));
  return `${[HEADER.join("\t"), ...rows].join("\n")}\n`;
}

/** Fetches the public deals and saves Deals.txt through the browser. */
export async function downloadDeals(): Promise<void> {
  const response = await fetch("/api/Advisors/GetDeals", { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`GetDeals answered ${response.status}`);
  const text = dealsText((await response.json()) as Listing[]);
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "Deals.txt";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
