import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Core } from "@aea/core";
import { createRequest, sendResponse } from "@mcansh/react-router-fastify";
import type { FastifyInstance } from "fastify";
import {
  createRequestHandler,
  type RouterContext,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import type { ViteDevServer } from "vite";

export const webRoot = resolve(import.meta.dirname, "../../../web");

/** The web build exports its context token from entry.server so both sides hold the same object. */
type WebBuild = ServerBuild & { entry: { module: { appContext: RouterContext<unknown> } } };

interface WebAppOptions {
  core: Core;
  /** Vite in middleware mode for `npm run dev`; absent in production. */
  vite?: ViteDevServer;
}

/**
 * Hands every path no other route claimed to React Router. Registered encapsulated: it removes the
 * body parsers in its own scope so actions read the raw request body, while /api keeps JSON parsing.
 */
export default async function webApp(app: FastifyInstance, { core, vite }: WebAppOptions) {
  const loadBuild: () => Promise<WebBuild> = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<WebBuild>
    : await productionBuild();
  const handle = createRequestHandler(loadBuild, vite ? "development" : "production");

  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));

  app.all("*", { schema: { hide: true } }, async (request, reply) => {
    const build = await loadBuild();
    const context = new RouterContextProvider();
    context.set(build.entry.module.appContext, { core, cspNonce: reply.scriptNonce });
    await sendResponse(reply, await handle(createRequest(request, reply), context));
  });
}

async function productionBuild(): Promise<() => Promise<WebBuild>> {
  const file = resolve(webRoot, "build/server/index.js");
  const build = (await import(pathToFileURL(file).href)) as WebBuild;
  return async () => build;
}
