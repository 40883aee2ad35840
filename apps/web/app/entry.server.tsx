import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { appContext } from "./app-context";
import { InlineStylesheetContext } from "./lib/inline-stylesheet";
import { islandsLoaded } from "./lib/island";
import { parkModuleScripts } from "./lib/park-module-scripts.server";
import stylesheet from "./styles/app.css?inline";

// The server reads the token from the build so that it sets the very object loaders read.
export { appContext };

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });
  const { cspNonce: nonce, user } = loadContext.get(appContext);
  const userAgent = request.headers.get("user-agent");
  // An island not yet loaded would suspend, and the server's HTML would then need a script to show it.
  await islandsLoaded();
  // Crawlers get the complete document at once; browsers get the shell as soon as it is ready.
  const readyEvent =
    (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let responseStatus = status;
    let shellRendered = false;
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
        [readyEvent]() {
          shellRendered = true;
          const body = parkModuleScripts();
          headers.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status: responseStatus }));
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatus = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
