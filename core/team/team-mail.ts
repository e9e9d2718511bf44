import type { Services } from "../services.ts";
import { type Notice, type SendOnceDeps, type Sent, sendOnceTogether } from "../notify/send-once.ts";

type Words = { readonly subject: string; readonly text: string };

/**
 * Sends one message to a member of the team, once (sendOnce), and says what became of it: a job
 * sending several tells each (tellEach). The message points to the account page, where the person
 * chooses what they receive. A message that may tell several notices at once names them in
 * `together` (sendOnceTogether), and is worded for those it tells: no words, when none of them is
 * the person's to hear of any more, and nothing is sent.
 */
export async function teamMail(
  deps: SendOnceDeps & Pick<Services, "baseUrl">,
  message: {
    /** What the message is about: a feedback's id, or an organization's for its digest. */
    readonly subjectId: string;
    readonly key: string;
    readonly to: { readonly email: string };
    readonly words: (settingsUrl: string, told: readonly Notice[]) => Words | null | Promise<Words | null>;
    readonly together?: readonly Notice[];
  },
): Promise<Sent> {
  const settingsUrl = `${deps.baseUrl}/account`;
  const to = { subjectId: message.subjectId, key: message.key, email: message.to.email };
  return sendOnceTogether(deps, to, message.together ?? [to], async (told) => {
    const words = await message.words(settingsUrl, told);
    return words && { ...words, settingsUrl };
  });
}
