import { SMTPServer } from "smtp-server";

/** A mail the local SMTP server received: its recipient, its headers (folded lines joined) and its text (quoted-printable undone). */
export interface ReceivedMail {
  readonly to: string;
  readonly headers: string;
  readonly text: string;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`), as a mail reader shows them; the space between two is dropped. */
const decodeWords = (header: string): string =>
  header.replace(/\?=\s+=\?/g, "?==?").replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, q: string) =>
    Buffer.from(
      q.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_x, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
      "latin1",
    ).toString("utf8"),
  );

function parse(raw: string): { headers: string; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const headers = decodeWords(raw.slice(0, split).replace(/\r\n[ \t]+/g, " "));
  const text = Buffer.from(
    raw
      .slice(split + 4)
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
  return { headers, text };
}

/** A local SMTP server a test starts: the service's SMTP notifier hands it real messages. */
export interface Mailbox {
  /** Its address, for SMTP_URL. */
  readonly url: string;
  /** Every mail received, a copy per recipient, in order (a test may empty it). */
  readonly mails: ReceivedMail[];
  to(address: string): ReceivedMail[];
  /** Refuses the next `count` recipients with a temporary error, as a busy server does. */
  refuseNext(count: number): void;
  /** How many of those refusals have not been made yet. */
  refusalsLeft(): number;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const mails: ReceivedMail[] = [];
  let refusals = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusals === 0) return callback();
      refusals--;
      callback(new Error("Mailbox busy, try later"));
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        for (const to of session.envelope.rcptTo) mails.push({ to: to.address, ...parse(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: (address) => mails.filter((m) => m.to === address),
    refuseNext(count) {
      refusals = count;
    },
    refusalsLeft: () => refusals,
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  };
}

/** The first address of this service in a mail's text. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const found = new RegExp(`(http://localhost:3000${path}\\S+)`).exec(mail.text);
  if (!found) throw new Error(`no ${path} link in: ${mail.text}`);
  return found[1]!;
}
