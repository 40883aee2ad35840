import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The message decoded enough to read: quoted-printable soft breaks and escapes undone. */
  text: string;
}

/** A real SMTP server on a free local port that keeps what it receives, for tests of outgoing mail. */
export async function startSmtpListener(): Promise<{
  url: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The first link in a mail that starts with the given URL prefix. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`${escaped}[^\\s"<>]+`).exec(mail.text);
  if (!match) throw new Error(`No link starting ${prefix} in mail to ${mail.to.join(", ")}`);
  return match[0].replace(/&amp;/g, "&");
}
