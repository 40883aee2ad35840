import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/root-redirect.tsx"),
  route("home", "routes/home.tsx"),
  route("deals/public", "routes/deals.public.tsx"),
  route("deals/public/map", "routes/deals.public.map.tsx"),
  route("deals/research", "routes/deals.research.tsx"),
  route("deals/private", "routes/deals.private.tsx"),
  route("deals/:listingId", "routes/deals.$listingId.tsx"),
  route("logout", "routes/logout.tsx"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  route("flipbooks/*", "routes/flipbooks-redirect.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
