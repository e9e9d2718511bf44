import type { Services } from "../services.ts";
import type { FollowerStore } from "../store/followers.ts";

/** An unconfirmed claim older than this is a crashed sender's: the message is sent again. */
const CLAIM_LEASE_MS = 5 * 60_000;

/**
 * Sends one message to a member of the team, once: the sending is claimed under (subject, e-mail,
 * key), confirmed once handed over, and given back when the mail server refused it (the job is
 * then retried, and sends it). The message points to the account page, where the person chooses
 * what they receive.
 */
export async function teamMail(
  deps: Pick<Services, "notifier" | "clock" | "baseUrl"> & {
    readonly store: Pick<FollowerStore, "claimNotification" | "confirmNotification" | "releaseNotification">;
  },
  message: {
    /** What the message is about: a feedback's id, or an organization's for its digest. */
    readonly subjectId: string;
    readonly key: string;
    readonly to: { readonly email: string };
    readonly words: (settingsUrl: string) => { readonly subject: string; readonly text: string };
  },
): Promise<void> {
  const { store, clock } = deps;
  const { subjectId, key, to } = message;
  if (!(await store.claimNotification(subjectId, to.email, key, clock(), CLAIM_LEASE_MS))) return;
  const settingsUrl = `${deps.baseUrl}/account`;
  try {
    await deps.notifier.send({
      to: to.email,
      ...message.words(settingsUrl),
      unsubscribeUrl: settingsUrl,
      messageId: `${key}.${subjectId}.${encodeURIComponent(to.email)}`,
    });
    await store.confirmNotification(subjectId, to.email, key, clock());
  } catch (error) {
    await store.releaseNotification(subjectId, to.email, key);
    throw error;
  }
}
