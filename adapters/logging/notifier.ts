import type { Notifier } from "../../core/ports.ts";
import type { Logger } from "./logger.ts";

/** The default notifier: writes each notification to the log (the address is logged, nothing secret). */
export function createLogNotifier(logger: Logger): Notifier {
  return {
    async feedbackDelivered(message) {
      logger.info(
        { notification: "feedback.delivered", to: message.to, feedback: message.feedbackKey, language: message.language },
        "follower notified",
      );
    },
  };
}
