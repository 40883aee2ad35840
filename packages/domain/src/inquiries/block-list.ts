/**
 * The contact page's block list (spec §3 "Contact page content: block_list[]{item}"): addresses the
 * contact form refuses. An entry is a whole address (`spam@example.com`) or a domain (`@example.com`,
 * or `example.com` without the @), which also covers its subdomains. Case and spaces do not matter.
 */

/** Whether an email address is on the block list. */
export function isBlockedEmail(email: string, blockList: readonly string[]): boolean {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return false;
  const domain = address.slice(at + 1);
  return blockList.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (!entry) return false;
    if (entry.startsWith("@") || !entry.includes("@")) {
      const blocked = entry.replace(/^@/, "");
      return domain === blocked || domain.endsWith(`.${blocked}`);
    }
    return address === entry;
  });
}

/** The entries of the content's `block_list` rows (`[{ item }]`), skipping malformed rows. */
export function blockListEntries(rows: unknown): string[] {
  if (!Array.isArray(rows)) return [];
  return rows
    .map((row) => (row && typeof row === "object" ? (row as { item?: unknown }).item : undefined))
    .filter((item): item is string => typeof item === "string" && item.trim() !== "");
}
