/**
 * Where each collection's items show on the site, for the editor's "Preview" link (an admin's
 * `?preview` there shows drafts). Null when no page shows the collection.
 */
export function publicPathOf(collection: string, data: Record<string, unknown>): string | null {
  const path = typeof data.path === "string" && data.path ? encodeURIComponent(data.path) : "";
  switch (collection) {
    case "home_page":
    case "hero_slider":
    case "energy_prices":
    case "case_study":
    case "promotions":
      return "/home";
    case "service":
      return path ? `/services/${path}` : "/services";
    case "team_page":
    case "team":
      return "/team";
    case "contact_us_page":
      return "/contact-us";
    case "flipbook":
      return path ? `/pitchbooks/${path}` : "/pitchbooks";
    case "post":
    case "post_tag":
      return "/resources/posts/all";
    case "press_release":
      return "/resources/press-releases";
    default:
      return null;
  }
}

export const previewHref = (path: string) => `${path}${path.includes("?") ? "&" : "?"}preview=1`;
