import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { testEngines } from "@aea/core/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { serveTestApp } from "../testing/test-app.ts";

describe("bounded work per request", () => {
  const served = serveTestApp(testEngines()[0], { REQUEST_TIMEOUT_SECONDS: "1" }, { withWebApp: false });
  let port: number;
  beforeAll(async () => {
    await served.app.listen({ port: 0, host: "127.0.0.1" });
    port = (served.app.server.address() as AddressInfo).port;
  });

  it("answers an API body over 1 MB with 413 and a clear JSON message", async () => {
    const response = await served.app.inject({
      method: "POST",
      url: "/api/Auth/Signup",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@example.com", padding: "x".repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: "This request is too large to send (limit 1 MB).",
      code: "BODY_TOO_LARGE",
    });
  });

  it("cuts off a client whose request body never finishes (slowloris) after REQUEST_TIMEOUT_SECONDS", async () => {
    const started = Date.now();
    const { reply, closedAfterMs } = await new Promise<{ reply: string; closedAfterMs: number }>(
      (resolve, reject) => {
        const socket = connect(port, "127.0.0.1");
        let reply = "";
        socket.setEncoding("utf8");
        socket.on("data", (chunk: string) => {
          reply += chunk;
        });
        // A drip byte written as the server closes makes the reset come after its answer: the
        // answer already read is what counts.
        socket.on("error", (error) =>
          reply ? resolve({ reply, closedAfterMs: Date.now() - started }) : reject(error),
        );
        socket.on("close", () => resolve({ reply, closedAfterMs: Date.now() - started }));
        // Promises 100 bytes, sends one, then a byte now and then: never done, never idle.
        socket.write(
          "POST /api/Auth/Login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
        );
        const drip = setInterval(() => socket.writable && socket.write(" "), 200);
        socket.on("close", () => clearInterval(drip));
        setTimeout(() => socket.destroy(new Error("the server never cut the request off")), 10_000);
      },
    );
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeLessThan(3000);
  });
});
