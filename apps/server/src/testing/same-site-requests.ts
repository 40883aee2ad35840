import type { FastifyInstance, LightMyRequestResponse } from "fastify";

export interface SameSiteRequest {
  method: "GET" | "HEAD" | "POST";
  url: string;
  cookie?: string;
  json?: unknown;
  /** A page form's fields, sent as the browser sends a form (urlencoded). */
  form?: Record<string, string>;
}

/**
 * Requests as the site's own pages send them: to its host, with its Origin, JSON (or a page form's fields) when there is a body.
 * Each comes from an address of its own (in `network`, e.g. "10.13"), so no per-address limit answers
 * instead of the rule a test is about.
 */
export function sameSiteRequests(
  app: () => FastifyInstance,
  origin: string,
  network: string,
): (request: SameSiteRequest) => Promise<LightMyRequestResponse> {
  let address = 0;
  return ({ method, url, cookie, json, form }) => {
    address++;
    return app().inject({
      method,
      url,
      headers: {
        host: new URL(origin).host,
        origin,
        ...(cookie ? { cookie } : {}),
        ...(json ? { "content-type": "application/json" } : {}),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      payload: json ? JSON.stringify(json) : form ? new URLSearchParams(form).toString() : undefined,
      remoteAddress: `${network}.${Math.floor(address / 250)}.${address % 250}`,
    });
  };
}
