import type { Core } from "@aea/core";
import type { TestEngine } from "@aea/core/testing";
import { coreForSuite, type SuiteEnv } from "@aea/core/testing/suite";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { type BuildAppOptions, buildApp } from "../app.ts";
import { requireFreshWebBuild } from "./web-build.ts";

export interface TestApp {
  readonly core: Core;
  readonly app: FastifyInstance;
}

export interface TestAppOptions extends Omit<BuildAppOptions, "core" | "vite"> {
  /** What the core is opened with besides its environment (a manual clock). */
  core?: Parameters<TestEngine["create"]>[1];
}

/**
 * A core on `engine` and the app serving it, started before the tests of the calling describe block and
 * closed after them; read `core` and `app` inside hooks and tests. With the web app (the default) the
 * web build must be fresh: pages would otherwise come from yesterday's code.
 */
export function serveTestApp(
  engine: TestEngine,
  env: SuiteEnv = {},
  { core: coreOptions, ...appOptions }: TestAppOptions = {},
): TestApp {
  if (appOptions.withWebApp !== false) beforeAll(requireFreshWebBuild);
  const suite = coreForSuite(engine, env, coreOptions);
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await buildApp({ core: suite.core, ...appOptions });
  });
  afterAll(() => app?.close());
  return {
    get core() {
      return suite.core;
    },
    get app() {
      return app as FastifyInstance;
    },
  };
}

/**
 * A browser's post of a page form: the fields url-encoded, sent from the site's own origin as the
 * same-origin check of page actions wants, with the session cookie when there is one.
 */
export function pageFormPost(
  origin: string,
  url: string,
  fields: Record<string, string>,
  cookie?: string,
): InjectOptions {
  return {
    method: "POST",
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      host: new URL(origin).host,
      origin,
      referer: `${origin}${url}`,
      ...(cookie ? { cookie } : {}),
    },
  };
}
