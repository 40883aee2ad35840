import type { SiteData } from "./site";

/** The canonical link of a page: the public address of its path (and canonical query, if any). */
export function canonicalLink(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
  pathAndQuery: string,
) {
  const site = matches.find((m) => m?.id === "root")?.loaderData as SiteData | undefined;
  return { tagName: "link", rel: "canonical", href: `${site?.publicUrl ?? ""}${pathAndQuery}` } as const;
}
