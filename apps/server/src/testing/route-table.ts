import type { Audience } from "@aea/domain";
import type { RouteOptions } from "fastify";

const safeMethods = new Set(["GET", "HEAD"]);

/**
 * Records the routes an app adds (pass `onRoute` to buildApp), so a test can walk all of them and
 * fail when a route appears that it has no expectation for.
 */
export function routeRecorder() {
  const routes = new Map<string, Set<string>>();
  // The options themselves: a scope's own onRoute hook may declare the audience after this one ran.
  const declared = new Map<string, RouteOptions>();
  return {
    onRoute(route: RouteOptions) {
      declared.set(route.url, route);
      const methods = routes.get(route.url) ?? new Set<string>();
      for (const method of [route.method].flat()) methods.add(method);
      routes.set(route.url, methods);
    },
    /** `METHOD /path` of every route that may change state (anything but GET and HEAD). */
    unsafe(): string[] {
      return [...routes].flatMap(([url, methods]) =>
        [...methods].filter((m) => !safeMethods.has(m)).map((m) => `${m} ${url}`),
      );
    },
    /** The audience a route declares (`config.access`), by its path as registered. */
    audienceOf(url: string): Audience | undefined {
      return declared.get(url)?.config?.access;
    },
    /** Every path with the methods it answers. */
    all(): Array<{ url: string; methods: string[] }> {
      return [...routes].map(([url, methods]) => ({ url, methods: [...methods] }));
    },
  };
}
