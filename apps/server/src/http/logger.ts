import type { FastifyServerOptions } from "fastify";

// Query parameters that carry secrets in the spec's API (e.g. UpdatePassword?password=…, VerifyUser?token=…).
const secretParameter = /([?&](?:password|token|passcode|code|newPassword)=)[^&]*/gi;

/** pino options: structured JSON, and no password, token or cookie ever reaches a log line. */
export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  return {
    level,
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'res.headers["set-cookie"]',
        "*.password",
        "*.token",
      ],
      censor: "[masked]",
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: maskSecrets(request.url),
        ip: request.ip,
      }),
    },
  };
}

export function maskSecrets(url: string): string {
  return url.replace(secretParameter, "$1[masked]");
}
