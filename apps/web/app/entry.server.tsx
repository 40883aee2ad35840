import { isAppError } from "@aea/domain";
// React's build for runtimes whose streams take strings (published as react-dom/server.bun): it hands
// the page collector each piece as the string it made, where the Node build encodes every piece into
// 4 KB byte views first. Same renderer and markup, 15–20 % less server CPU per page (decision 050).
// Its only runtime-specific call is for React Server Components' form state, which this app never has.
import { renderToPipeableStream } from "react-dom/server.bun";
import {
  type EntryContext,
  UNSAFE_ErrorResponseImpl as ErrorResponse,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { appContext } from "./app-context";
import { InlineStylesheetContext } from "./lib/inline-stylesheet";
import { islandsLoaded } from "./lib/island";
import { PageCollector } from "./lib/page-collector.server";
import { parkModuleTags } from "./lib/park-module-tags.server";
import stylesheet from "./styles/app.css?inline";

// The server reads the token from the build so that it sets the very object loaders read.
export { appContext };

export const streamTimeout = 5_000;

/** What a 503 page tells clients to wait before trying again (as the API's 503 answers do). */
const RETRY_AFTER_SECONDS = 10;

/** What an outage (an AppError 503) that a request's loader or action met says, by its load context. */
const outages = new WeakMap<object, string>();

/**
 * React Router hands every loader's and action's error here before it hides it from the page (a
 * production build shows "Unexpected Server Error"): an outage is remembered, anything else logged
 * as React Router itself would.
 */
export const handleError: HandleErrorFunction = (error, { context, request }) => {
  if (isAppError(error) && error.status === 503) outages.set(context, error.message);
  else if (!request.signal.aborted) console.error((isRouteErrorResponse(error) && readCause(error)) || error);
};

/** The fault behind a response React Router made of a thrown error (it keeps it as `error`). */
const readCause = (response: object): unknown => (response as { error?: unknown }).error;

/**
 * A page whose loader or action met an outage (the database away) is a 503 that says so: its errors
 * become a route error response carrying the message, which the error boundary reads alike on the
 * server and after hydration.
 */
function answerOutage(errors: EntryContext["staticHandlerContext"]["errors"], message: string): void {
  for (const [routeId, error] of Object.entries(errors ?? {})) {
    if (!errors || isRouteErrorResponse(error)) continue;
    errors[routeId] = new ErrorResponse(503, "Service Unavailable", { message });
  }
}

/** The bytes of the pages this entry rendered, by their Response (see renderedPageBytes). */
const pageBytes = new WeakMap<Response, Buffer<ArrayBuffer>>();

/**
 * The bytes of a page this entry rendered, which the server sends as they are. Reading them back
 * through the Response's body cost two copies of the page (the Response's own, and the read's), each
 * a fresh mapping under the server's malloc settings. Undefined for any other response.
 */
export function renderedPageBytes(response: Response): Buffer<ArrayBuffer> | undefined {
  return pageBytes.get(response);
}

/** A page's Response; its body gives the same bytes to anything else that reads it. */
function pageResponse(bytes: Buffer<ArrayBuffer>, init: ResponseInit): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  const response = new Response(body, init);
  pageBytes.set(response, bytes);
  return response;
}

export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });
  const { cspNonce: nonce, user } = loadContext.get(appContext);
  // An island not yet loaded would suspend, and the server's HTML would then need a script to show it.
  await islandsLoaded();
  const outage = outages.get(loadContext);
  if (outage) {
    answerOutage(routerContext.staticHandlerContext.errors, outage);
    status = 503;
    headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  }

  return new Promise<Response>((resolve, reject) => {
    let responseStatus = status;
    let shellStatus = status;
    let shellRendered = false;
    // The timer holds the render (its loader data, its React tree) until it fires: cleared as soon as
    // the page has been written, or under load every page rendered in the last six seconds stays in
    // memory (some 500 of them, 23 MB of serialized loader data alone, in the load bench).
    const abortTimer = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      // Signed-in visitors get the stylesheet linked rather than inline (see SiteStylesheet).
      <InlineStylesheetContext value={user ? undefined : stylesheet}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineStylesheetContext>,
      {
        nonce,
        // A boundary that has finished rendering (an island, see lib/island.tsx) is written in place,
        // never moved to the end of the stream behind a script: pages read the same without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellRendered = true;
          // A boundary that fails after the shell is rendered on the client: the page itself stands.
          shellStatus = responseStatus;
        },
        // Pages defer no data and every page is sent whole (compressed in one call, or kept by the
        // render cache), so the page is written once all of it is ready, crawlers and browsers alike.
        onAllReady() {
          const page = new PageCollector();
          page.page
            .then((html) => {
              headers.set("Content-Type", "text/html; charset=utf-8");
              resolve(pageResponse(parkModuleTags(html), { headers, status: shellStatus }));
            }, reject)
            .finally(() => clearTimeout(abortTimer));
          // The collector is what the string-writing build writes to, not a Node stream (see PageCollector).
          pipe(page as unknown as NodeJS.WritableStream);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatus = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
