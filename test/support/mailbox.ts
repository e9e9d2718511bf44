import { SMTPServer } from "smtp-server";

/**
 * A mail the local SMTP server received: its recipient, its headers (folded lines joined), its text
 * (of a multipart mail, its plain-text part) and, when it has one, its HTML part; transfer
 * encodings undone, lines ending in a newline.
 */
export interface ReceivedMail {
  readonly to: string;
  readonly headers: string;
  readonly text: string;
  readonly html?: string;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`), as a mail reader shows them; the space between two is dropped. */
const decodeWords = (header: string): string =>
  header.replace(/\?=\s+=\?/g, "?==?").replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, q: string) =>
    Buffer.from(
      q.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_x, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
      "latin1",
    ).toString("utf8"),
  );

/** Headers and body of a message or of one of its parts. */
function split(raw: string): { headers: string; body: string } {
  const at = raw.indexOf("\r\n\r\n");
  return { headers: decodeWords(raw.slice(0, at).replace(/\r\n[ \t]+/g, " ")), body: raw.slice(at + 4) };
}

/** A body as its reader shows it: base64 or quoted-printable undone, and SMTP's CRLF line ends back to newlines. */
function decode({ headers, body }: { headers: string; body: string }): string {
  const decoded = /^Content-Transfer-Encoding: base64/im.test(headers)
    ? Buffer.from(body, "base64").toString("utf8")
    : Buffer.from(
        body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
        "latin1",
      ).toString("utf8");
  return decoded.replace(/\r\n/g, "\n");
}

function parse(raw: string): { headers: string; text: string; html?: string } {
  const message = split(raw);
  const boundary = /^Content-Type: multipart\/alternative;.*boundary="?([^";\s]+)/im.exec(message.headers)?.[1];
  if (!boundary) return { headers: message.headers, text: decode(message) };
  const parts = message.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => split(part.replace(/^\r\n/, "").replace(/\r\n$/, "")));
  const of = (type: string) => parts.find((part) => new RegExp(`^Content-Type: ${type}`, "im").test(part.headers));
  const [text, html] = [of("text/plain"), of("text/html")];
  return { headers: message.headers, text: text ? decode(text) : "", ...(html && { html: decode(html) }) };
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
