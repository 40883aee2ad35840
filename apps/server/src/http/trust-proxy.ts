import type { FastifyServerOptions } from "fastify";

/**
 * TRUST_PROXY as Fastify takes it. A hop count is honoured by Fastify (proxy-addr) at run time but
 * missing from its types, so it is given as the equivalent function: trust the nearest `hops` proxies.
 */
export function fastifyTrustProxy(setting: false | number | string[]): FastifyServerOptions["trustProxy"] {
  if (typeof setting !== "number") return setting;
  return (_address: string, hop: number) => hop < setting;
}
