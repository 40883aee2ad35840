import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/root-redirect.tsx"),
  route("home", "routes/home.tsx"),
  route("flipbooks/*", "routes/flipbooks-redirect.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
