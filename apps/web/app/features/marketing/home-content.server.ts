import type { Core } from "@aea/core/types";
import type { ContentFile } from "../../lib/content/assets";
import {
  contentFile,
  contentFiles,
  numberOrNull,
  record,
  records,
  text,
} from "../../lib/content/content-fields";
import { safeContent } from "../../lib/content/sanitize-html.server";
import { type SeoFields, seoFields } from "../../lib/content/seo";
import type { EnergyPrice } from "./energy-prices";
import type { HeroSlide } from "./hero-carousel";

export interface HomeContent {
  seo: SeoFields;
  energyPrices: EnergyPrice[];
  heroSlides: HeroSlide[];
  clientLogos: ContentFile[];
  caseHistories: ContentFile[];
  techServicesImage: ContentFile | null;
}

/**
 * Everything the home page shows from the content service, in one query per collection: the files
 * come expanded in the same query (`banner.*`), so a cold render reads three collections and no more.
 */
export async function loadHomeContent(
  content: Core["content"],
  { energyPrices }: { energyPrices: boolean },
): Promise<HomeContent> {
  const [home, slides, prices] = await Promise.all([
    content.readItems("home_page", {
      fields: [
        "seo_title",
        "seo_description",
        "seo_keywords",
        "seo_image.*",
        "case_history_images.directus_files_id.*",
        "tech_services_image.*",
        "client_logos.directus_files_id.*",
      ],
    }),
    content.readItems("hero_slider", {
      fields: ["id", "title", "body", "click_url", "links", "link_button_color", "banner.*", "image.*"],
      sort: ["sort", "id"],
      limit: -1,
    }),
    energyPrices
      ? content.readItems("energy_prices", {
          fields: ["name", "unit", "price", "previous_price"],
          sort: ["sort", "id"],
          limit: -1,
        })
      : undefined,
  ]);
  const page = record(home.data);
  return {
    seo: seoFields(page),
    energyPrices: records(prices?.data).map((price) => ({
      name: text(price.name),
      unit: text(price.unit),
      price: numberOrNull(price.price),
      previousPrice: numberOrNull(price.previous_price),
    })),
    heroSlides: records(slides.data).map((slide) => ({
      id: Number(slide.id),
      title: text(slide.title),
      body: safeContent(slide.body, "html"),
      clickUrl: safeContent(slide.click_url, "url"),
      links: records(slide.links)
        .map((link) => ({ title: text(link.title), url: safeContent(link.url, "url") }))
        .filter((link) => link.title && link.url),
      buttonColour: text(slide.link_button_color),
      banner: contentFile(slide.banner),
      sideImage: contentFile(slide.image),
    })),
    clientLogos: contentFiles(page.client_logos),
    caseHistories: contentFiles(page.case_history_images),
    techServicesImage: contentFile(page.tech_services_image),
  };
}
