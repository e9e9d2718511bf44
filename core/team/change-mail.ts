import { authorOf } from "../feedback/author.ts";
import type { FeedbackRecord } from "../model.ts";
import { noticeKey } from "../notify/notice-key.ts";
import type { Notice, Sent } from "../notify/send-once.ts";
import { unsubscribeUrl } from "../notify/unsubscribe-link.ts";
import type { Services } from "../services.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { ServiceSecretStore } from "../store/service-secret.ts";
import type { Teammate } from "../store/team.ts";
import type { TriageStore } from "../store/triage.ts";
import type { FieldChange, TriageChange } from "../triage/journal.ts";
import { resolveMentions } from "./mentions.ts";
import { teamMail } from "./team-mail.ts";
import { changeMessage } from "./team-messages.ts";

/**
 * One change to a feedback, as one request makes it: who, and when. A PATCH that sets the owner,
 * the status and a comment writes them in two transactions, but at one time (updateFeedback), so
 * the activity, the comment and the status history all name the change by (by, at).
 */
interface Change {
  readonly feedback: FeedbackRecord;
  readonly by: string;
  readonly at: number;
  /** What the store holds of it, read once for every member a job tells of it. */
  facts(): Promise<ChangeFacts>;
}

/** The records a change left: its activity entries, the feedback's activity, comments, status changes and followers. */
type ChangeFacts = Awaited<ReturnType<typeof readFacts>>;

const readFacts = (deps: ChangeMailDeps, { feedback, by, at }: Pick<Change, "feedback" | "by" | "at">) =>
  Promise.all([
    deps.store.triageChangesAt(by, at),
    deps.store.triageChanges(feedback.id),
    deps.store.listComments(feedback.id),
    deps.store.statusChanges(feedback.id),
    deps.store.listFollowers(feedback.id),
  ]);

/** The change `by` made to `feedback` at `at`, its records read on first need (tellOfChange), then kept. */
export function changeOf(deps: ChangeMailDeps, feedback: FeedbackRecord, by: string, at: number): Change {
  let read: Promise<ChangeFacts> | undefined;
  return {
    feedback,
    by,
    at,
    facts: () => {
      read ??= readFacts(deps, { feedback, by, at });
      return read;
    },
  };
}

/** What a change may tell a member, in the order an e-mail names them (the first leads: sendOnceTogether). */
type Part = "assigned" | "mention" | "delivered";

export type ChangeMailDeps = Parameters<typeof teamMail>[0] &
  Pick<Services, "baseUrl"> & {
    readonly store: Pick<TriageStore, "triageChanges" | "triageChangesAt"> &
      Pick<FeedbackStore, "listComments" | "statusChanges"> &
      Pick<FollowerStore, "listFollowers"> &
      Pick<ServiceSecretStore, "serviceSecret">;
  };

/**
 * One change can concern a member three ways, each queued as its own job (notify_assignee,
 * notify_mentions, notify_followers) and each kept as its own notice (noticeKey). So that the
 * member gets one e-mail, each job, before it tells its part, reads what else the change tells
 * this member (partsOf) and, when there is more than its part, sends one message for them all, each
 * notice claimed and confirmed with it (sendOnceTogether): the other jobs find theirs told and send
 * nothing. Each job still answers for its own notice, so nothing is lost if one fails, and nothing
 * is sent twice. A part the member is no longer owed is not gathered: an assignment given over
 * since, a feedback they stopped following (unsubscribed), a mention of their own; a member told of
 * their own change is told nothing. When their part is the only one, `alone` sends it as before.
 */
export async function tellOfChange(
  deps: ChangeMailDeps,
  change: Change,
  member: Teammate,
  team: readonly Teammate[],
  own: Part,
  alone: () => Promise<Sent>,
): Promise<Sent> {
  const parts = await partsOf(change, member, team);
  if (!parts.has(own) || parts.size === 1) return alone();
  const { feedback, by, at } = change;
  const keys: Record<Part, string> = {
    assigned: noticeKey("assigned", String(at)),
    mention: noticeKey("mention", at, String(by)),
    delivered: noticeKey("delivered"),
  };
  const together = [...parts.keys()].map((part) => ({ subjectId: feedback.id, key: keys[part] }));
  const told = (notices: readonly Notice[], part: Part) => notices.some((n) => n.key === keys[part]);
  const secret = parts.has("delivered") ? await deps.store.serviceSecret() : undefined;
  return teamMail(deps, {
    subjectId: feedback.id,
    key: keys[own],
    to: member,
    together,
    words: async (settingsUrl, notices) => {
      const mention = told(notices, "mention") ? parts.get("mention") : undefined;
      return changeMessage(member.language, {
        by: authorOf(
          by,
          team.find((m) => m.userId === by),
        ),
        key: feedback.key,
        title: feedback.title,
        url: `${deps.baseUrl}/inbox/${encodeURIComponent(feedback.key)}`,
        settingsUrl,
        assigned: told(notices, "assigned"),
        ...(mention !== undefined && { mention }),
        ...(secret &&
          told(notices, "delivered") && {
            delivered: { unsubscribeUrl: await unsubscribeUrl(deps.baseUrl, secret, feedback.id, member.email, member.language) },
          }),
      });
    },
  });
}

/** The change of owner among an activity entry's fields, if it has one. */
const ownerChange = (entry: TriageChange) => entry.changes.find((c): c is Extract<FieldChange, { from: string | null }> => c.field === "owner");

/**
 * What the change tells the member, in the order an e-mail names it, each with what it says (the
 * mention, the comments' words): assigned, when it gave them this feedback alone (a bulk change's
 * assignments are told together by notify-assignee) and that still stands; mentioned, in its
 * comment; delivered, when it is the feedback's last status change and they follow it.
 */
async function partsOf(change: Change, member: Teammate, team: readonly Teammate[]): Promise<Map<Part, string>> {
  const { feedback, by, at } = change;
  const parts = new Map<Part, string>();
  if (member.userId === by) return parts;
  const [made, activity, comments, statuses, followers] = await change.facts();
  const given = made.filter((entry) => ownerChange(entry)?.to === member.email);
  const last = activity.findLast((entry) => ownerChange(entry) !== undefined);
  if (given.length === 1 && given[0]!.feedbackId === feedback.id && last?.id === given[0]!.id && feedback.owner === member.email) {
    parts.set("assigned", "");
  }
  const mentioning = comments.filter((c) => c.at === at && c.userId === by && resolveMentions(c.text, team).some((m) => m.userId === member.userId));
  if (mentioning.length > 0) parts.set("mention", mentioning.map((c) => c.text).join("\n\n"));
  const status = statuses.at(-1);
  if (feedback.status === "delivered" && status?.at === at && status.by === by && followers.some((f) => f.email === member.email)) {
    parts.set("delivered", "");
  }
  return parts;
}
