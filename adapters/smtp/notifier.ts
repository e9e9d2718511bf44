import nodemailer from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import type { Notifier } from "../../core/ports.ts";

/**
 * Notifications by e-mail through an SMTP server (SMTP_URL, e.g. smtps://user:password@mail.example.com),
 * from `from`, replies to `replyTo` when given. A message with a sender's name goes out under that
 * name at `from`'s address, which nodemailer quotes or encodes as the name needs.
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
      await transport.sendMail({
        from: message.senderName ? { name: message.senderName, address } : options.from,
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
