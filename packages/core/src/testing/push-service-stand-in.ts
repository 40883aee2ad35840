import { execFileSync } from "node:child_process";
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import tls from "node:tls";

/** One message as the push service received it from our server. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushServiceStandIn {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** A subscription endpoint on this service, as a browser vendor would hand one to a browser. */
  endpoint(name: string): string;
  received: ReceivedPush[];
  /** Answer pushes to this endpoint with `status` from now on (201 otherwise), e.g. 410 once unsubscribed. */
  answer(endpoint: string, status: number): void;
  /** The service's self-signed certificate (PEM) and a file holding it, for NODE_EXTRA_CA_CERTS. */
  certificate: string;
  certificateFile: string;
  /** Makes TLS clients of this process trust the certificate, until close(). */
  trustInThisProcess(): void;
  close(): Promise<void>;
}

/**
 * A stand-in for a browser vendor's push service (Google's FCM, Mozilla's autopush, Apple's…), which
 * tests cannot reach. Push services are https only and our server refuses any other endpoint, so this
 * is a real HTTPS listener on 127.0.0.1 with a throwaway self-signed certificate made by openssl. It
 * records every push and answers 201 Created, or the status a test set for an endpoint.
 */
export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const dir = mkdtempSync(join(tmpdir(), "aea-push-service-"));
  const keyFile = join(dir, "key.pem");
  const certificateFile = join(dir, "certificate.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:P-256",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=push-service-stand-in",
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
      "-keyout",
      keyFile,
      "-out",
      certificateFile,
    ],
    { stdio: "ignore" },
  );
  const certificate = readFileSync(certificateFile, "utf8");
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();

  const server = createServer({ key: readFileSync(keyFile), cert: certificate }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      if (request.method === "POST")
        received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(request.method === "POST" ? (statuses.get(path) ?? 201) : 405).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let trustedBefore: string[] | undefined;

  return {
    origin,
    endpoint: (name) => `${origin}/push/${encodeURIComponent(name)}`,
    received,
    answer: (endpoint, status) => statuses.set(new URL(endpoint).pathname, status),
    certificate,
    certificateFile,
    trustInThisProcess() {
      trustedBefore ??= tls.getCACertificates("default");
      tls.setDefaultCACertificates([...trustedBefore, certificate]);
    },
    close: async () => {
      if (trustedBefore) tls.setDefaultCACertificates(trustedBefore);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The keys a browser makes when it subscribes (a P-256 key pair and a 16-byte auth secret), and the
 * browser's side of RFC 8291: decrypting an aes128gcm push message (RFC 8188) with the private key.
 */
export function browserPushKeys(): { p256dh: string; auth: string; decrypt(body: Buffer): string } {
  const ecdh = createECDH("prime256v1");
  const browserPublicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    p256dh: browserPublicKey.toString("base64url"),
    auth: authSecret.toString("base64url"),
    decrypt(body) {
      // Header: salt (16) · record size (4) · key id length (1) · key id = the server's ephemeral public key.
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverPublicKey = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      const sharedSecret = ecdh.computeSecret(serverPublicKey);
      const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), browserPublicKey, serverPublicKey]);
      const ikm = Buffer.from(hkdfSync("sha256", sharedSecret, authSecret, keyInfo, 32));
      const key = Buffer.from(
        hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16),
      );
      const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
      const decipher = createDecipheriv("aes-128-gcm", key, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      // The last (here only) record ends with the delimiter 0x02, then any zero padding.
      let end = padded.length - 1;
      while (end > 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error("Not the last record of an aes128gcm message");
      return padded.subarray(0, end).toString("utf8");
    },
  };
}
