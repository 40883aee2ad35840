import type { Core } from "@aea/core/types";
import type { ContentFile } from "../../lib/content/assets";
import { contentFile, record, records, text } from "../../lib/content/content-fields";
import { sanitizeContentHtml } from "../../lib/content/sanitize-html.server";
import { seoFields } from "../../lib/content/seo";
import type { ServiceDetail, ServiceSummary } from "./service-slide";

/** The services in slide order (by sort), as the tabs and the previous/next arrows need them. */
export async function listServices(content: Core["content"]): Promise<ServiceSummary[]> {
  const { data } = await content.readItems("service", {
    fields: ["path", "title"],
    sort: ["sort", "id"],
    limit: -1,
  });
  return records(data)
    .map((service) => ({ path: text(service.path), title: text(service.title) }))
    .filter((service) => service.path !== "");
}

/** One service with its pictures and cleaned body, or null when no visible service has that path. */
export async function readService(content: Core["content"], path: string): Promise<ServiceDetail | null> {
  const { data } = await content.readItems("service", {
    fields: [
      "*",
      "banner_image.*",
      "centered_background_image.*",
      "top_side_image.*",
      "middle_side_image.*",
      "undermost_side_image.*",
    ],
    filter: { path: { _eq: path } },
    limit: 1,
  });
  const [found] = records(data);
  if (!found) return null;
  const service = record(found);
  return {
    path: text(service.path),
    title: text(service.title),
    slideTitle: text(service.slide_title),
    bodyTitle: text(service.body_title),
    body: sanitizeContentHtml(service.body),
    underlineColour: text(service.underline_color),
    banner: contentFile(service.banner_image),
    background: contentFile(service.centered_background_image),
    sideImages: [service.top_side_image, service.middle_side_image, service.undermost_side_image]
      .map(contentFile)
      .filter((file): file is ContentFile => file !== null),
    seo: seoFields(service),
  };
}
