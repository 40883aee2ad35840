import type { IncomingMessage } from "node:http";
import { connect, type Socket } from "node:net";
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RequestAdmission } from "./request-admission.ts";

/** A front door in its own thread (request-admission.test-door.ts), and the paths it started, in order. */
async function frontDoor(options: { workMs: number; admitted: boolean }) {
  const worker = new Worker(new URL("./request-admission.test-door.ts", import.meta.url), {
    workerData: options,
  });
  const started: string[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    worker.on("message", (message: { port?: number; started?: string }) => {
      if (message.port) resolve(message.port);
      if (message.started) started.push(message.started);
    });
    worker.once("error", reject);
  });
  doors.push(worker);
  return { port, started };
}

/** A kept-alive connection, as a browser's: each `get` resolves with the time its answer took. */
async function connection(port: number) {
  const socket = connect(port, "127.0.0.1");
  sockets.push(socket);
  const waiting: ((ms: number) => void)[] = [];
  socket.on("data", () => waiting.shift()?.(0));
  const get = (path: string) => {
    const sentAt = performance.now();
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    return new Promise<number>((resolve) => waiting.push(() => resolve(performance.now() - sentAt)));
  };
  await get("/ready");
  return { socket, get };
}

const doors: Worker[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(doors.splice(0).map((worker) => worker.terminate()));
});

/** 40 open connections each ask for a 25 ms render at once; then a new visitor asks for a ready page. */
async function burstThenNewVisitor(admitted: boolean) {
  const door = await frontDoor({ workMs: 25, admitted });
  const open = await Promise.all(Array.from({ length: 40 }, () => connection(door.port)));
  const burst = open.map((c, i) => c.get(`/render/${i}`));
  await new Promise((resolve) => setTimeout(resolve, 20));
  // Its first request goes with the new connection: the time includes being accepted.
  const arrivedAt = performance.now();
  await connection(door.port);
  const visitorMs = performance.now() - arrivedAt;
  await Promise.all(burst);
  return { visitorMs, started: door.started };
}

/** A request whose client is still there. */
const request = { socket: { destroyed: false } } as IncomingMessage;

/** Holds the thread for `ms`, as a render or a page being sent does. */
function hold(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe("RequestAdmission", () => {
  it("keeps accepting and answering new visitors while a burst of slow requests is worked through", async () => {
    // Without it one event-loop turn starts every request that arrived, and Node accepts one new
    // connection per turn: the visitor waits for the whole second of work.
    const unadmitted = await burstThenNewVisitor(false);
    expect(unadmitted.visitorMs).toBeGreaterThan(500);

    const admitted = await burstThenNewVisitor(true);
    expect(admitted.visitorMs).toBeLessThan(250);
    expect(admitted.started).toHaveLength(40);
  });

  it("starts waiting requests in their order of arrival", async () => {
    const door = await frontDoor({ workMs: 20, admitted: true });
    const open = await Promise.all(Array.from({ length: 6 }, () => connection(door.port)));
    const paths = open.map((_, i) => `/render/${i}`);
    const answers = [];
    for (const [i, c] of open.entries()) {
      answers.push(c.get(paths[i]));
      // Sent a moment apart, so the order of arrival is the order of sending.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(answers);
    expect(door.started).toEqual(paths);
  });

  it("never starts a waiting request whose client has gone", async () => {
    const door = await frontDoor({ workMs: 60, admitted: true });
    const [first, second, third, leaving] = await Promise.all([1, 2, 3, 4].map(() => connection(door.port)));
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // While the first holds the server three more arrive: the second starts in the next turn, the
    // third and the leaving one wait behind it, and the leaving one's client goes meanwhile.
    const answered = [first.get("/render/first")];
    await pause(5);
    answered.push(second.get("/render/second"), third.get("/render/third"));
    void leaving.get("/render/gone");
    await pause(5);
    leaving.socket.resetAndDestroy();
    await Promise.all(answered);
    await pause(100);
    expect(door.started).toEqual(["/render/first", "/render/second", "/render/third"]);
  });

  it("gives ready responses only their share of a turn while other requests wait", async () => {
    const admission = new RequestAdmission();
    const served: string[] = [];
    const started: string[] = [];
    const ready = (name: string) => () => {
      hold(1);
      served.push(name);
      return true;
    };
    const render = (name: string) => () => {
      hold(12);
      started.push(name);
    };
    // One turn: a render starts and spends the turn's budget, a second waits, then a flood of
    // cached pages (1 ms each) arrives on open connections.
    admission.arrive(request, () => false, render("first render"));
    admission.arrive(request, () => false, render("second render"));
    for (let i = 1; i <= 8; i++) admission.arrive(request, ready(`page ${i}`), render("never"));
    // Ready pages go first until they have had 2 ms of the turn (two at most, one on a machine that
    // stalls mid-page); the rest wait for later turns, where once all eight went ahead of the render.
    expect(served.length).toBeGreaterThanOrEqual(1);
    expect(served.length).toBeLessThanOrEqual(2);
    expect(started).toEqual(["first render"]);

    await vi.waitFor(() => expect(served).toHaveLength(8), { timeout: 5000 });
    expect(started).toEqual(["first render", "second render"]);
    expect(served).toEqual(Array.from({ length: 8 }, (_, i) => `page ${i + 1}`));
  });

  it("lets ready responses past their share wait for the next turns' shares, not behind every waiting render", async () => {
    const admission = new RequestAdmission();
    const events: string[] = [];
    // One turn: nine renders of 12 ms arrive (one starts, eight wait), then a flood of 1 ms pages.
    for (let i = 1; i <= 9; i++)
      admission.arrive(
        request,
        () => false,
        () => {
          hold(12);
          events.push(`render ${i}`);
        },
      );
    for (let i = 1; i <= 8; i++)
      admission.arrive(
        request,
        () => {
          hold(1);
          events.push(`page ${i}`);
          return true;
        },
        () => {},
      );
    await vi.waitFor(() => expect(events).toHaveLength(17), { timeout: 5000 });
    // A turn serves about two pages and starts one render: the pages are all answered while most of
    // the renders still wait (in one queue with them, every page waited for all nine renders).
    const rendersBeforeLastPage = events
      .slice(0, events.indexOf("page 8"))
      .filter((e) => e.startsWith("render"));
    expect(rendersBeforeLastPage.length).toBeLessThanOrEqual(6);
    expect(events.filter((e) => e.startsWith("page"))).toEqual(
      Array.from({ length: 8 }, (_, i) => `page ${i + 1}`),
    );
    expect(events.filter((e) => e.startsWith("render"))).toEqual(
      Array.from({ length: 9 }, (_, i) => `render ${i + 1}`),
    );
  });

  it("answers ready responses at once while nothing waits, however many a turn brings", () => {
    const admission = new RequestAdmission();
    let served = 0;
    for (let i = 0; i < 20; i++)
      admission.arrive(
        request,
        () => {
          hold(2);
          served++;
          return true;
        },
        () => {},
      );
    expect(served).toBe(20);
  });
});
