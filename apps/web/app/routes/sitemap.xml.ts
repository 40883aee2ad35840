import type { RouteHandle } from "@aea/domain";
import { appContext } from "../app-context";
import type { Route } from "./+types/sitemap.xml";

/** Public pages besides the deals; marketing pages join as they are built. */
const staticPages = [
  "/home",
  "/deals/public",
  "/deals/public/map",
  "/deals/research",
  "/team",
  "/pitchbooks/products-services",
  "/pitchbooks/tombstones",
  "/pitchbooks/capabilities-pitchbook",
  "/contact-us",
  "/seller",
  "/resources/marketplace",
  "/resources/posts/all",
  "/resources/press-releases",
];

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c,
  );

export const handle = { access: "anyone" } satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const base = core.config.publicUrl;
  const deals = [...(await core.listings.publicListings()), ...(await core.listings.studyListings())];
  const urls = [
    ...staticPages.map((path) => `<url><loc>${escapeXml(base + path)}</loc></url>`),
    ...deals.map((deal) => {
      const lastmod = (deal.LastUpdatedDate ?? deal.dateListed ?? "").slice(0, 10);
      return `<url><loc>${escapeXml(`${base}/deals/${deal.ListingId}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
    }),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
