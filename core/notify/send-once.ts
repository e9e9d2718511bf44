import type { Notifier } from "../ports.ts";
import type { Services } from "../services.ts";
import type { FollowerStore, NotificationClaim } from "../store/followers.ts";

/** An unconfirmed claim older than this is a crashed sender's: the message is sent again. */
export const CLAIM_LEASE_MS = 5 * 60_000;

type Message = Omit<Parameters<Notifier["send"]>[0], "to" | "messageId">;

/** What sending once reads and writes. */
export type SendOnceDeps = Pick<Services, "notifier" | "clock"> & {
  readonly store: Pick<FollowerStore, "claimNotification" | "confirmNotification" | "releaseNotification">;
};

/**
 * What became of a message: `sent` now; `sent_before`; `held` by another sender's claim (a worker
 * sending it now, or one that crashed before it could say: it is sent once that claim runs out);
 * `logged` where no message reaches anyone (no SMTP); `moot` when, composed, it had nothing left to
 * tell (what it was about is no longer the recipient's).
 */
export type Sent = "sent" | "sent_before" | "held" | "logged" | "moot";

/** What a claim that is not this sender's means for its message. */
const NOT_OURS: Readonly<Record<Exclude<NotificationClaim, "claimed">, Sent>> = { sent: "sent_before", held: "held" };

/**
 * Sends a message once per (subject, address, key): the sending is claimed first, confirmed once
 * handed over, and given back when the mail server refused it (the job is then retried, and sends
 * it, so nobody is left out). The message is written only once the claim is held. Where no message
 * reaches anyone (no SMTP) it is only logged, and not kept as sent, since a feedback's activity
 * tells what was sent.
 */
export function sendOnce(
  deps: SendOnceDeps,
  to: { readonly subjectId: string; readonly key: string; readonly email: string },
  compose: () => Message | Promise<Message>,
): Promise<Sent> {
  return sendOnceTogether(deps, to, [to], compose);
}

/** One notice a message may tell: what about (a feedback's id), under which key (noticeKey). */
export interface Notice {
  readonly subjectId: string;
  readonly key: string;
}

/**
 * sendOnce for one message that may tell several notices, each once: the feedbacks one bulk change
 * assigned to a person (one key, several subjects), or what one change to a feedback tells a person
 * (one subject, several keys: change-mail.ts). `together` holds them in the order the message names
 * them, the job's own notice (`to`) among them; the first leads. While another sender holds the
 * first, it may be telling them all: this one is `held` (its job is retried, and then finds its
 * notice told). Once the first was told, this job answers for its own notice, as sendOnce does.
 * Then each other notice that no one told or holds is claimed too, and the message, composed for
 * those claimed (`told`), confirms or gives back all of them together. Composed as null, it has
 * nothing left to tell: nothing is sent, and the notices are given back, not kept as told. Where
 * nothing is delivered, the message is logged by the first notice's sender alone.
 */
export async function sendOnceTogether(
  deps: SendOnceDeps,
  to: Notice & { readonly email: string },
  together: readonly Notice[],
  compose: (told: readonly Notice[]) => Message | null | Promise<Message | null>,
): Promise<Sent> {
  const { store, clock } = deps;
  const { email } = to;
  const same = (a: Notice, b: Notice) => a.subjectId === b.subjectId && a.key === b.key;
  const own = together.find((n) => same(n, to)) ?? { subjectId: to.subjectId, key: to.key };
  const notices = together.includes(own) ? together : [own, ...together];
  const first = notices[0]!;
  /** Composes the message telling `told` and hands it over; false when it had nothing to tell. */
  const tell = async (told: readonly Notice[]) => {
    const composed = await compose(told);
    const lead = told[0]!;
    if (composed) await deps.notifier.send({ to: email, ...composed, messageId: `${lead.key}.${lead.subjectId}.${encodeURIComponent(email)}` });
    return composed !== null;
  };
  if (!deps.notifier.delivers) {
    if (first !== own) return "logged";
    return (await tell(notices)) ? "logged" : "moot";
  }
  const claim = (n: Notice) => store.claimNotification(n.subjectId, email, n.key, clock(), CLAIM_LEASE_MS);
  const led = await claim(first);
  if (led === "held" || (led === "sent" && first === own)) return NOT_OURS[led];
  const claimed = new Set<Notice>(led === "claimed" ? [first] : []);
  if (led === "sent") {
    const mine = await claim(own);
    if (mine !== "claimed") return NOT_OURS[mine];
    claimed.add(own);
  }
  let told: boolean;
  try {
    for (const n of notices) if (!claimed.has(n) && (await claim(n)) === "claimed") claimed.add(n);
    told = await tell(notices.filter((n) => claimed.has(n)));
  } catch (error) {
    for (const n of claimed) await store.releaseNotification(n.subjectId, email, n.key);
    throw error;
  }
  for (const n of claimed)
    await (told ? store.confirmNotification(n.subjectId, email, n.key, clock()) : store.releaseNotification(n.subjectId, email, n.key));
  return told ? "sent" : "moot";
}
