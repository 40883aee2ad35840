import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * A service (PostgreSQL, Redis) on a port the test owns: a plain TCP relay to the real one that the
 * test can take away and bring back, as when the service restarts or the network to it drops. While
 * it is away, open connections are cut and new ones are refused.
 */
export function serviceThatCanGoAway(upstream: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  return {
    /** Listens (on the same port as before, after the first time) and relays each connection. */
    up: () =>
      new Promise<void>((resolve) => {
        const listening = createServer((client) => {
          const service = connect(upstream.port, upstream.host);
          for (const socket of [client, service]) {
            sockets.add(socket);
            socket.on("error", () => {});
            socket.on("close", () => {
              sockets.delete(socket);
              client.destroy();
              service.destroy();
            });
          }
          client.pipe(service).pipe(client);
        });
        server = listening;
        listening.listen(port, "127.0.0.1", () => {
          port = (listening.address() as { port: number }).port;
          resolve();
        });
      }),
    /** The relay's address, once `up` has run. */
    address: () => ({ host: "127.0.0.1", port }),
    down: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server?.close(resolve));
    },
  };
}
