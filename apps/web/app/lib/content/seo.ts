import type { SiteData } from "../site";
import { assetUrl, type ContentFile } from "./assets";
import { type ContentRecord, contentFile, text } from "./content-fields";

/** The SEO fields of a content page (spec §3: seo_title, seo_description, seo_keywords, seo_image). */
export interface SeoFields {
  title: string;
  description: string;
  keywords: string;
  /** Path of the share picture (1280×672, the 1.91:1 of share cards, through the asset endpoint), or "". */
  imagePath: string;
}

export const EMPTY_SEO: SeoFields = { title: "", description: "", keywords: "", imagePath: "" };

export function seoFields(page: ContentRecord): SeoFields {
  const image = contentFile(page.seo_image);
  return {
    title: text(page.seo_title),
    description: text(page.seo_description),
    keywords: text(page.seo_keywords),
    imagePath: image ? shareImagePath(image) : "",
  };
}

/** A picture as share cards show it: 1280×672 (their 1.91:1), cropped around its focal point. */
export function shareImagePath(image: Pick<ContentFile, "id" | "version">): string {
  return assetUrl(image, { width: 1280, height: 672, fit: "cover", format: "jpg", quality: 85 });
}

type RouteMatches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/**
 * The meta tags of a content page. Editors often end an SEO title with the firm's name; the site adds
 * it in front already ("Firm | Page", spec §9), so a trailing or leading copy is dropped.
 */
export function seoMeta(
  seo: SeoFields,
  matches: RouteMatches,
  {
    fallbackTitle,
    fallbackDescription = "",
    path,
  }: { fallbackTitle: string; fallbackDescription?: string; path: string },
) {
  const site = matches.find((m) => m?.id === "root")?.loaderData as SiteData | undefined;
  const firm = site?.firmName ?? "";
  const page = stripFirm(seo.title, firm) || fallbackTitle;
  const title = firm ? `${firm} | ${page}` : page;
  const base = site?.publicUrl ?? "";
  const description = seo.description || fallbackDescription;
  return [
    { title },
    ...(description ? [{ name: "description", content: description }] : []),
    ...(seo.keywords ? [{ name: "keywords", content: seo.keywords }] : []),
    { tagName: "link", rel: "canonical", href: `${base}${path}` },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    ...(description ? [{ property: "og:description", content: description }] : []),
    { property: "og:url", content: `${base}${path}` },
    ...(seo.imagePath
      ? [
          { property: "og:image", content: `${base}${seo.imagePath}` },
          { property: "og:image:width", content: "1200" },
          { property: "og:image:height", content: "630" },
        ]
      : []),
  ];
}

function stripFirm(title: string, firm: string): string {
  if (!firm) return title;
  const escaped = firm.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return title
    .replace(new RegExp(`\\s*[|–—-]\\s*${escaped}$`, "i"), "")
    .replace(new RegExp(`^${escaped}\\s*[|–—-]\\s*`, "i"), "")
    .trim();
}
