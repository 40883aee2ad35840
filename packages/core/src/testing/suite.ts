import { afterAll, beforeAll } from "vitest";
import type { Core, CoreOptions } from "../core.ts";
import { startSmtpListener } from "./smtp-listener.ts";
import type { TestEngine } from "./test-cores.ts";

/** An environment, or a function for values only known once an earlier beforeAll has run (a listener's address). */
export type SuiteEnv = Record<string, string> | (() => Record<string, string>);

/**
 * A core on `engine` for the tests of the calling describe block: opened before them, closed after them.
 * Read `core` inside hooks and tests, once it is open.
 */
export function coreForSuite(
  engine: TestEngine,
  env: SuiteEnv = {},
  options?: CoreOptions,
): { readonly core: Core } {
  const suite = {} as { core: Core };
  beforeAll(async () => {
    suite.core = await engine.create(typeof env === "function" ? env() : env, options);
  });
  afterAll(() => suite.core?.close());
  return suite;
}

/**
 * A real SMTP listener for the tests of the calling describe block, started before the hooks registered
 * after this call (hand its `url` to the core's env as a function) and closed after the tests; a test may
 * close it early to see mail fail.
 */
export function mailListenerForSuite(): Awaited<ReturnType<typeof startSmtpListener>> {
  let open = false;
  const listener = { url: "", mails: [], close: async () => {} } as Awaited<
    ReturnType<typeof startSmtpListener>
  >;
  beforeAll(async () => {
    const started = await startSmtpListener();
    open = true;
    Object.assign(listener, started, {
      close: async () => {
        if (!open) return;
        open = false;
        await started.close();
      },
    });
  });
  afterAll(() => listener.close());
  return listener;
}
