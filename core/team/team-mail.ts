import type { Services } from "../services.ts";
import { type SendOnceDeps, sendOnce } from "../notify/send-once.ts";
import { tellEach } from "../notify/tell-each.ts";

/**
 * Sends one message to a member of the team, once (sendOnce). The message points to the account
 * page, where the person chooses what they receive.
 */
export async function teamMail(
  deps: SendOnceDeps & Pick<Services, "baseUrl">,
  message: {
    /** What the message is about: a feedback's id, or an organization's for its digest. */
    readonly subjectId: string;
    readonly key: string;
    readonly to: { readonly email: string };
    readonly words: (settingsUrl: string) => { readonly subject: string; readonly text: string };
  },
): Promise<void> {
  const settingsUrl = `${deps.baseUrl}/account`;
  await tellEach([message.to.email], (email) =>
    sendOnce(deps, { subjectId: message.subjectId, key: message.key, email }, () => ({
      ...message.words(settingsUrl),
      unsubscribeUrl: settingsUrl,
    })),
  );
}
