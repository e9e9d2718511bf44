import type { JobRequest } from "../feedback/events.ts";
import type { Services } from "../services.ts";
import type { PasswordResetStore } from "../store/password-resets.ts";
import type { UserStore } from "../store/users.ts";
import { passwordResetMessage } from "./team-messages.ts";

export type SendResetDeps = Pick<Services, "notifier" | "secrets" | "clock"> & {
  readonly store: Pick<PasswordResetStore, "findPasswordReset"> & Pick<UserStore, "findUser">;
};

/** Mails a reset link (the job its request queued); one used or expired meanwhile is not sent. */
export async function sendPasswordReset(deps: SendResetDeps, job: JobRequest): Promise<void> {
  const reset = job.detail ? await deps.store.findPasswordReset(job.detail) : null;
  if (!reset?.userId || reset.usedAt !== null || reset.expiresAt <= deps.clock()) return;
  const user = await deps.store.findUser(reset.userId);
  if (!user) return;
  const words = passwordResetMessage(reset.language, { url: await deps.secrets.open(reset.linkSealed) });
  await deps.notifier.send({ to: user.email, ...words, messageId: `password-reset.${reset.id}` });
}
