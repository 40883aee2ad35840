// The part of autocannon 9's programmatic API that the load part uses (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export interface Request {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    /** Called with each response to this request, just before the client's `response` event. */
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }

  /** One connection: it sends its requests in turn, the next as soon as the previous is answered. */
  export interface Client extends EventEmitter {
    setRequests(requests: Request[]): void;
    /** The client's queue of requests awaiting their response (internal; see load.ts). */
    pipelinedRequests: { addBody(chunk: Buffer): void };
    on(
      event: "response",
      listener: (statusCode: number, responseBytes: number, responseTimeMs: number) => void,
    ): this;
  }

  export interface Options {
    url: string;
    connections: number;
    /** Seconds. */
    duration: number;
    /** Seconds a request may take before it counts as an error (default 10). */
    timeout?: number;
    headers?: Record<string, string>;
    /** Called once per connection as it is created. */
    setupClient?: (client: Client) => void;
  }

  export interface Instance extends EventEmitter {
    on(event: "reqError", listener: (error: Error) => void): this;
  }

  export default function autocannon(
    options: Options,
    /** Called when the run ends (the result is autocannon's own summary, unused here). */
    callback: (error: Error | null, result: unknown) => void,
  ): Instance;
}
