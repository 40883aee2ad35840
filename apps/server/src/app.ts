import { resolve } from "node:path";
import type { Core, ForwardClock } from "@aea/core";
import Fastify, { type FastifyInstance, LogController, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { ViteDevServer } from "vite";
import { adminListingsRoutes } from "./api/admin/admin-listings.routes.ts";
import { advisorsRoutes } from "./api/advisors/advisors.routes.ts";
import { dueDiligenceRoutes } from "./api/advisors/due-diligence.routes.ts";
import { listingEditingRoutes } from "./api/advisors/listing-editing.routes.ts";
import { emailChangeRoutes } from "./api/auth/email-change.routes.ts";
import { loginRoutes } from "./api/auth/login.routes.ts";
import { passkeyRoutes } from "./api/auth/passkey.routes.ts";
import { passwordRoutes } from "./api/auth/password.routes.ts";
import { profileRoutes } from "./api/auth/profile.routes.ts";
import { secondFactorRoutes } from "./api/auth/second-factor.routes.ts";
import { signupRoutes } from "./api/auth/signup.routes.ts";
import { dataRoomBidRoutes } from "./api/data-room-bids/data-room-bids.routes.ts";
import { dataRoomQuestionRoutes } from "./api/data-room-questions/data-room-questions.routes.ts";
import { dataRoomSearchRoutes } from "./api/data-room-search/data-room-search.routes.ts";
import { facetRoutes } from "./api/facets/facets.routes.ts";
import { folderManagerRoutes } from "./api/folder-manager/folder-manager.routes.ts";
import { uploadRoutes } from "./api/folder-manager/uploads.ts";
import { mailerRoutes } from "./api/mailer/mailer.routes.ts";
import { pushRoutes } from "./api/push/push.routes.ts";
import { savedRequestRoutes } from "./api/request/saved-requests.routes.ts";
import { sellerRoutes } from "./api/seller/seller.routes.ts";
import { userInterestsRoutes } from "./api/user-interests/user-interests.routes.ts";
import { assetsRoutes } from "./content/assets.routes.ts";
import { itemsRoutes } from "./content/items.routes.ts";
import { loggerOptions } from "./http/logger.ts";
import { PrebuiltResponses } from "./http/prebuilt-responses.ts";
import access from "./plugins/access.ts";
import clientAssets from "./plugins/client-assets.ts";
import csrf from "./plugins/csrf.ts";
import dataRoomFiles from "./plugins/data-room-files.ts";
import { e2eTestClockRoutes } from "./plugins/e2e-test-clock.ts";
import errors from "./plugins/errors.ts";
import media from "./plugins/media.ts";
import nulGuard from "./plugins/nul-guard.ts";
import openapi from "./plugins/openapi.ts";
import rateLimits from "./plugins/rate-limits.ts";
import securityHeaders, { commonSecurityHeaders } from "./plugins/security-headers.ts";
import sessions from "./plugins/sessions.ts";
import viewingAs from "./plugins/viewing-as.ts";
import webApp, { webRoot } from "./plugins/web-app.ts";

export interface BuildAppOptions {
  core: Core;
  /** Vite dev server (npm run dev); production serves the built web app. */
  vite?: ViteDevServer;
  /** Tests of the API alone skip the web app, which needs a build. */
  withWebApp?: boolean;
  /** Told of every route as it is added: tests check that each one has an expectation. */
  onRoute?: (route: RouteOptions) => void;
  /** The end-to-end tests' movable clock (E2E_TEST_CLOCK), core's too: only then is its endpoint served. */
  e2eTestClock?: ForwardClock;
}

/** Builds the whole HTTP application; main.ts listens with it and tests call `inject()` on it. */
export async function buildApp({
  core,
  vite,
  withWebApp = true,
  onRoute,
  e2eTestClock,
}: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = core;
  const https = config.publicUrl.startsWith("https://");
  const prebuilt = new PrebuiltResponses(commonSecurityHeaders(https));
  const app = Fastify({
    serverFactory: prebuilt.serverFactory(),
    logger: loggerOptions(config.logLevel),
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names, so no client picks its own address.
    trustProxy: trustedProxies(config.trustProxy),
    // Spec §7 puts names in paths (`/api/request/{name}&{userId}/addRequestDirectory`): a name too
    // long must reach its route to be told so, not fall to the router's 404 at 100 characters.
    routerOptions: { maxParamLength: 2000 },
    // REQUEST_TIMEOUT_SECONDS bounds how long a client may take to send its request (a slowloris
    // client gets 408) and how long a connection may sit without traffic either way.
    requestTimeout: config.requestTimeoutSeconds * 1000,
    connectionTimeout: config.requestTimeoutSeconds * 1000,
    // Per-request lines only when debugging; errors are always logged by the error handler.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== "debug" && config.logLevel !== "trace",
    }),
  });
  if (onRoute) app.addHook("onRoute", onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(securityHeaders, {
    https,
    mapsOrigin: config.mapsKey ? "https://api.maptiler.com" : undefined,
  });
  await app.register(sessions, { core });
  await app.register(csrf, { publicUrl: config.publicUrl });
  await app.register(viewingAs);
  await app.register(rateLimits, { config });
  await app.register(errors);
  await app.register(nulGuard);
  await app.register(openapi, { firmName: config.firmName });
  // Every route from here on declares who may call it, and is admitted by it.
  await app.register(access);

  app.get("/healthz", { config: { access: "anyone" }, schema: { hide: true } }, async (_request, reply) => {
    const up = await core.health.databaseAnswers();
    return reply.code(up ? 200 : 503).send({ status: up ? "ok" : "database unavailable" });
  });
  await app.register(advisorsRoutes, { core, prebuilt });
  await app.register(dueDiligenceRoutes, { core });
  await app.register(listingEditingRoutes, { core });
  await app.register(adminListingsRoutes, { core });
  await app.register(loginRoutes, { core });
  await app.register(signupRoutes, { core });
  await app.register(passwordRoutes, { core });
  await app.register(emailChangeRoutes, { core });
  await app.register(profileRoutes, { core });
  await app.register(secondFactorRoutes, { core });
  await app.register(passkeyRoutes, { core });
  await app.register(userInterestsRoutes, { core });
  await app.register(mailerRoutes, { core });
  await app.register(sellerRoutes, { core });
  await app.register(pushRoutes, { core });
  await app.register(savedRequestRoutes, { core });
  await app.register(itemsRoutes, { core, prebuilt });
  await app.register(assetsRoutes, { core });
  await app.register(media, { core });
  await app.register(folderManagerRoutes, { core });
  await app.register(dataRoomQuestionRoutes, { core });
  await app.register(dataRoomSearchRoutes, { core });
  await app.register(dataRoomBidRoutes, { core });
  await app.register(uploadRoutes, { core });
  await app.register(dataRoomFiles, { core });
  await app.register(facetRoutes, { core });
  if (e2eTestClock) await app.register(e2eTestClockRoutes, { clock: e2eTestClock });

  if (withWebApp) {
    if (vite) {
      await app.register(import("@fastify/middie"));
      app.use(vite.middlewares);
    } else {
      await app.register(clientAssets, { clientBuildDir: resolve(webRoot, "build/client"), prebuilt });
    }
    await app.register(webApp, { core, vite, prebuilt });
  }
  return app;
}

/** TRUST_PROXY as Fastify takes it: a hop count becomes "trust the nearest n hops". */
function trustedProxies(
  setting: Core["config"]["trustProxy"],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === "number" ? (_address, hop) => hop < setting : setting;
}
