import type { IncomingMessage } from "node:http";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { constants as zlibConstants } from "node:zlib";
import { type Core, SESSION_COOKIE } from "@aea/core";
import {
  accessRefusal,
  DRAFT_PREVIEW_AUDIENCE,
  dealPageListingId,
  isLikelyBrowser,
  type RouteRateLimit,
} from "@aea/domain";
import compress from "@fastify/compress";
import { createRequest } from "@mcansh/react-router-fastify";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  createRequestHandler,
  type RouterContext,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import type { ViteDevServer } from "vite";
import { inquiryRateLimit } from "../api/mailer/inquiry-limits.ts";
import { PAGE_BODY_LIMIT_BYTES, readLimitedBody } from "../http/body-limit.ts";
import { type PagePolicy, PageRoutes } from "../http/page-routes.ts";
import type { PrebuiltResponses } from "../http/prebuilt-responses.ts";
import { sendPrecompressed } from "../http/precompressed.ts";
import { isRedirect, RenderCache } from "../http/render-cache.ts";
import { bodyOf, type RenderedResponse, sendRenderedPage } from "../http/rendered-page.ts";
import { authRateLimit } from "./rate-limits.ts";
import { refusedWhileViewingAs } from "./viewing-as.ts";

export const webRoot = resolve(import.meta.dirname, "../../../web");

declare module "fastify" {
  interface FastifyRequest {
    /** What the route module a page action reaches declares (non-GET page requests only). */
    pagePolicy: PagePolicy | null;
  }
}

/** The web build exports its context token from entry.server so both sides hold the same object. */
type WebBuild = ServerBuild & {
  entry: {
    module: {
      appContext: RouterContext<unknown>;
      renderedPageBytes: (response: Response) => Buffer<ArrayBuffer> | undefined;
    };
  };
};

interface WebAppOptions {
  core: Core;
  /** Cached pages are answered ahead of Fastify through it (docs/decisions/008). */
  prebuilt?: PrebuiltResponses;
  /** Vite in middleware mode for `npm run dev`; absent in production. */
  vite?: ViteDevServer;
}

/** Shared caches may keep an anonymous page briefly; `Vary: Cookie` keeps them from serving it to a signed-in user. */
export const anonymousPageCacheControl = "public, max-age=0, s-maxage=10, stale-while-revalidate=30";

/**
 * Hands every path no other route claimed to React Router. Registered encapsulated: it removes the
 * body parsers in its own scope so actions read the raw request body, while /api keeps JSON parsing.
 */
export default async function webApp(app: FastifyInstance, { core, vite, prebuilt }: WebAppOptions) {
  const builtApp = vite ? undefined : await productionBuild();
  const loadBuild: () => Promise<WebBuild> = builtApp
    ? async () => builtApp
    : () => (vite as ViteDevServer).ssrLoadModule("virtual:react-router/server-build") as Promise<WebBuild>;
  // Given the build itself, React Router derives its request handler once; given a function (the dev
  // server's build, which changes under Vite) it derives it again for every request.
  const handle = builtApp
    ? createRequestHandler(builtApp, "production")
    : createRequestHandler(loadBuild, "development");
  // Each build's route modules declare their policies (DESIGN rule 7); a dev build changes under Vite.
  const pageRoutes = new WeakMap<ServerBuild, PageRoutes>();
  const routesOf = (build: ServerBuild) => {
    const routes = pageRoutes.get(build) ?? new PageRoutes(build.routes);
    pageRoutes.set(build, routes);
    return routes;
  };
  // Pages that declare themselves the same for every anonymous visitor (the marketplace and the
  // marketing pages) are kept briefly; forms and signed-in areas are not.
  const productionRoutes = builtApp ? routesOf(builtApp) : undefined;
  const renderCache =
    core.config.renderCache && productionRoutes
      ? new RenderCache({
          cacheable: (path) => productionRoutes.policyFor(path).cacheableForAnonymous,
          personalCookies: [SESSION_COOKIE],
          // Pages show deals, similar deals and content: an edit to any must not be served from an older render.
          dataVersion: core.dataVersion,
          dependsOn: ["listings", "similar-deals", "content", "content-files"],
          cacheControl: anonymousPageCacheControl,
        })
      : undefined;
  if (renderCache && prebuilt)
    prebuilt.addLookup((request, response) => {
      const served = renderCache.tryServeAhead(request, response, prebuilt);
      if (served) countWebHit(core, request);
      return served;
    });

  // Page form posts (used before JavaScript loads) get the same per-address limits as the API calls
  // they stand for: the login form (in the very bucket of the login API), the account forms, and the
  // contact and seller forms, which send mail. Every
  // method but GET and HEAD runs an action, and the route is found by React Router's own matcher, so
  // no spelling of the path (case, trailing slash, percent-encoding, `.data`) escapes its limit.
  const formLimits: Record<RouteRateLimit, ReturnType<typeof app.rateLimit>> = {
    login: app.loginRateLimit,
    account: app.rateLimit(authRateLimit(core.config.authRateLimitPerMinute)),
    inquiry: app.rateLimit(inquiryRateLimit(core)),
  };
  app.decorateRequest("pagePolicy", null);
  app.addHook("onRequest", (request, reply, done) => {
    if (request.method === "GET" || request.method === "HEAD") return done();
    loadBuild().then((build) => {
      request.pagePolicy = routesOf(build).policyFor(request.originalUrl);
      // Refused actions skip the form limits: they run nothing (the page is a 403).
      if (refusedWhileViewingAs(request, request.pagePolicy.allowedWhileViewingAs)) return done();
      const limit = request.pagePolicy.rateLimit && formLimits[request.pagePolicy.rateLimit];
      if (!limit) return done();
      limit.call(app, request, reply).then(() => done(), done);
    }, done);
  });

  // API answers made for one request are compressed on the fly; assets, API lists and cached pages are
  // compressed once ahead of time, and pages made for one request in one call as they are sent
  // (http/rendered-page.ts): they arrive here with their content-encoding set, which the plugin leaves be.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    brotliOptions: {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: 3,
      },
    },
  });

  // Actions get the body read whole, at most 1 MiB (413 otherwise, before any action runs). Only the
  // content editor's upload forms, for a visitor their declared audience admits, get the raw stream:
  // those actions count the bytes themselves against their own, larger limits (10 MB a file).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (request, payload, done) => {
    const policy = request.pagePolicy;
    if (policy?.adminUploads && !accessRefusal(policy.access, request.user)) return done(null, payload);
    readLimitedBody(payload, request.headers["content-length"], PAGE_BODY_LIMIT_BYTES).then(
      (body) => done(null, body),
      (error: Error) => done(error, undefined),
    );
  });
  // The rest of a refused body is left unread: closing the connection spares reading it.
  app.addHook("onError", (_request, reply, error, done) => {
    if ((error as { code?: string }).code === "BODY_TOO_LARGE") reply.header("connection", "close");
    done();
  });

  // An admin's `?preview` shows a page with its drafts: the loaders get a core whose content reader
  // shows drafts, so no page needs to know about previews. Signed-in requests bypass the render cache.
  const previewCore: Core = { ...core, content: core.contentPreview };

  /**
   * React Router's response for a request, counted as a deal-page view where it is one, with the
   * page's bytes as the render handed them over (undefined for anything but a rendered page).
   */
  const renderPage = async (request: FastifyRequest, reply: FastifyReply): Promise<RenderedResponse> => {
    reply.setPageSecurityPolicy();
    const build = await loadBuild();
    const context = new RouterContextProvider();
    const policy = request.pagePolicy ?? routesOf(build).policyFor(request.originalUrl);
    const previewing = isPreview(request.url) && !accessRefusal(DRAFT_PREVIEW_AUDIENCE, request.user);
    context.set(build.entry.module.appContext, {
      core: previewing ? previewCore : core,
      cspNonce: reply.scriptNonce,
      user: request.user,
      // A session cookie that no longer names a live session: the failed user fetch of spec §4.
      sessionEnded: request.sessionToken !== null && request.user === null,
      access: policy.access,
      secondFactorEnrolmentRequired: request.secondFactorEnrolmentRequired,
      ipAddress: request.ip,
      refusedWhileViewingAs:
        request.pagePolicy !== null && refusedWhileViewingAs(request, policy.allowedWhileViewingAs),
    });
    const response = await handle(createRequest(request, reply), context);
    if (response.status === 200) countWebHit(core, request.raw);
    // Drafts must never sit in a shared cache, whatever the page's own caching says.
    if (previewing) response.headers.set("cache-control", "private, no-store");
    return { response, page: build.entry.module.renderedPageBytes(response) };
  };

  // Pages declare their audience in their `handle`; the root middleware admits by it.
  app.all("*", { config: { access: "anyone" }, schema: { hide: true } }, async (request, reply) => {
    const cacheKey = renderCache?.keyFor(request);
    if (!cacheKey || !renderCache) return sendRenderedPage(request, reply, await renderPage(request, reply));

    const underWay = renderCache.renderUnderWay(cacheKey);
    if (underWay) await underWay;
    if (renderCache.trySend(cacheKey, request, reply)) {
      countWebHit(core, request.raw);
      return reply;
    }
    let notKept: RenderedResponse | undefined;
    let status = 200;
    const body = await renderCache.fill(cacheKey, async () => {
      const rendered = await renderPage(request, reply);
      const { response } = rendered;
      status = response.status;
      if ((status !== 200 && !isRedirect(status)) || response.headers.has("set-cookie")) {
        notKept = rendered;
        return undefined;
      }
      for (const [name, value] of response.headers) {
        if (name !== "content-type" && name !== "content-length") reply.header(name, value);
      }
      return {
        status,
        location: response.headers.get("location") ?? undefined,
        html: await bodyOf(rendered),
        contentType: response.headers.get("content-type") ?? "text/html; charset=utf-8",
        contentSecurityPolicy: String(reply.getHeader("content-security-policy")),
        nonce: reply.scriptNonce,
      };
    });
    if (!body) return sendRenderedPage(request, reply, notKept as RenderedResponse);
    reply.code(status);
    return sendPrecompressed(request, reply, body, anonymousPageCacheControl, "accept-encoding, cookie");
  });
}

/**
 * A deal page shown to a person (spec §3 webhitCount): the page itself, or its data when the browser
 * navigates to it from another page (a reload of the data after an action on the same page is not a
 * new view). Crawlers are left out by their user agent. Counting is a map update: the writes are batched.
 */
function countWebHit(core: Core, request: Pick<IncomingMessage, "method" | "url" | "headers">): void {
  if (request.method !== "GET") return;
  const url = request.url ?? "";
  const path = url.split("?")[0] ?? "";
  const listingId = dealPageListingId(path);
  if (listingId === undefined || !isLikelyBrowser(request.headers["user-agent"])) return;
  if (path.endsWith(".data")) {
    const referer = request.headers.referer ?? "";
    if (referer.split("?")[0]?.endsWith(`/deals/${listingId}`)) return;
  }
  core.dealStatistics.webHits.record(listingId);
}

function isPreview(url: string): boolean {
  const query = url.indexOf("?");
  return query !== -1 && new URLSearchParams(url.slice(query + 1)).has("preview");
}

async function productionBuild(): Promise<WebBuild> {
  const file = resolve(webRoot, "build/server/index.js");
  return (await import(pathToFileURL(file).href)) as WebBuild;
}
