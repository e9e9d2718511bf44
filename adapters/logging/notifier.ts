import type { Notifier } from "../../core/ports.ts";
import type { Logger } from "./logger.ts";

/** The default notifier: writes each notification to the log instead of sending it (addresses and subjects only). */
export function createLogNotifier(logger: Logger): Notifier {
  return {
    delivers: false,
    async send(message) {
      logger.info(
        { notification: { to: message.to, subject: message.subject, messageId: message.messageId } },
        "notification (not sent: SMTP_URL is not set)",
      );
    },
  };
}
