import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /**
   * The first mail to this address among those after the first `since` (waiting up to `timeoutMs`),
   * optionally only one whose subject matches.
   */
  waitFor(
    to: string,
    options?: { since?: number; subject?: RegExp; timeoutMs?: number },
  ): Promise<ReceivedMail>;
  /** Refuse (true) or accept (false) every message from now on, to test failed deliveries. */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

/** A real SMTP server in this process on a random loopback port (smtp-server), for the mail tests. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refusing) return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          // Decoded (a subject with non-ASCII text travels as encoded words), as a mail reader shows it.
          subject: decodeWords(
            /^Subject: (.*)$/m
              .exec((raw.split(/\r?\n\r?\n/)[0] ?? "").replace(/\r?\n[ \t]+/g, " "))?.[1]
              ?.trim() ?? "",
          ),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse(on) {
      refusing = on;
    },
    async waitFor(to, options = {}) {
      const since = options.since ?? 0;
      const deadline = Date.now() + (options.timeoutMs ?? 5000);
      for (;;) {
        const found = received
          .slice(since)
          .find((m) => m.to.includes(to) && (!options.subject || options.subject.test(m.subject)));
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No mail to ${to} arrived`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code of a code mail, read from its subject ("123456 is your … code"). */
export function codeIn(mail: { subject: string }): string {
  const code = /^(\d{6}) is your/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`No code in "${mail.subject}"`);
  return code;
}

/** Decodes RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=) in a header value. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(
      /=\?([\w-]+)\?([BbQq])\?([^?]*)\?=/g,
      (_whole, _charset: string, encoding: string, text: string) =>
        encoding.toUpperCase() === "B"
          ? Buffer.from(text, "base64").toString("utf8")
          : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** A received mail as a reader sees it: the decoded subject and the decoded text and HTML parts. */
export function readMail(mail: ReceivedMail): { subject: string; text: string; html: string } {
  const [head = "", ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const subject = decodeWords(/^Subject: (.*)$/m.exec(unfolded)?.[1]?.trim() ?? "");
  const body = rest.join("\r\n\r\n");
  const part = (type: string): string => {
    const at = body.search(new RegExp(`Content-Type: ${type}`, "i"));
    if (at < 0) return "";
    const section = body.slice(at);
    const split = /\r?\n\r?\n/.exec(section);
    if (!split) return "";
    const headers = section.slice(0, split.index);
    const content = section.slice(split.index + split[0].length).split(/\r?\n--/)[0] ?? "";
    if (/Content-Transfer-Encoding: base64/i.test(headers)) {
      return Buffer.from(content.replace(/\s+/g, ""), "base64").toString("utf8");
    }
    if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) return decodeQuotedPrintable(content);
    return content;
  };
  return { subject, text: part("text/plain"), html: part("text/html") };
}
