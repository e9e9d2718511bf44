import nodemailer from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import type { Notifier } from "../../core/ports.ts";
import { shownInOneLine } from "../../core/schemas/text.ts";

/**
 * Notifications by e-mail through an SMTP server (SMTP_URL, e.g. smtps://user:password@mail.example.com),
 * from `from`, replies to `replyTo` when given. A message with a sender's name goes out under that
 * name, in one line, at `from`'s address, which nodemailer quotes or encodes as the name needs.
 */
export function createSmtpNotifier(options: { url: string; from: string; replyTo?: string; messageIdDomain: string }): Notifier {
  // A mail server that stops answering fails the send within a minute (nodemailer waits up to ten by
  // default): the job is retried later, and no other job waits behind it meanwhile.
  const address = addressparser(options.from, { flatten: true })[0]?.address ?? options.from;
  const transport = nodemailer.createTransport({ url: options.url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 });
  return {
    delivers: true,
    async send(message) {
      const unsubscribe = message.unsubscribeUrl
        ? { url: message.unsubscribeUrl, comment: "Unsubscribe" }
        : message.settingsUrl && { url: message.settingsUrl, comment: "Notification settings" };
      // An organization's name is anyone's to choose. Nodemailer encodes a line break in it, so it adds no
      // header, but the mail client would show it, and reordered text, decoded: one line, read as written.
      const senderName = message.senderName && shownInOneLine(message.senderName);
      await transport.sendMail({
        from: senderName ? { name: senderName, address } : options.from,
        ...(options.replyTo && { replyTo: options.replyTo }),
        to: message.to,
        subject: message.subject,
        text: message.text,
        // With both, nodemailer sends multipart/alternative: the text first, the HTML that clients prefer last.
        ...(message.html && { html: message.html }),
        messageId: `<${message.messageId}@${options.messageIdDomain}>`,
        // RFC 3834: every message here is sent by the service, so out-of-office replies are not sent back to it.
        headers: {
          "Auto-Submitted": "auto-generated",
          ...(message.unsubscribeUrl && { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }),
        },
        ...(unsubscribe && { list: { unsubscribe } }),
      });
    },
  };
}
