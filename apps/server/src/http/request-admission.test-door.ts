// A front door run in a worker thread by request-admission.test.ts, so that its held main thread is not
// the test's. `/ready` is answered at once (a cached page); any other request takes its turn (when
// admitted) and then holds the thread for `workMs`, as a page render does.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parentPort, workerData } from "node:worker_threads";
import { RequestAdmission } from "./request-admission.ts";

const { workMs, admitted } = workerData as { workMs: number; admitted: boolean };
const admission = admitted ? new RequestAdmission() : undefined;

const server = createServer((request, response) => {
  const serveReady = () => request.url === "/ready" && (response.end("ready"), true);
  const work = () => {
    parentPort?.postMessage({ started: request.url });
    const until = performance.now() + workMs;
    while (performance.now() < until);
    response.end("done");
  };
  if (admission) admission.arrive(request, serveReady, work);
  else if (!serveReady()) work();
});
server.listen(0, "127.0.0.1", () =>
  parentPort?.postMessage({ port: (server.address() as AddressInfo).port }),
);
parentPort?.on("message", () => server.close(() => process.exit(0)));
