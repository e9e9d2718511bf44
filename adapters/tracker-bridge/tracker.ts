import type { TrackerLink } from "../../core/model.ts";
import type { IssueTracker, TrackerSettings } from "../../core/ports.ts";
import type { AddressRule } from "../../core/outbound/target.ts";
import { beforeDeadline } from "../../core/trackers/deadline.ts";
import { sendPinned } from "../../core/trackers/tracker-address.ts";
import { signatureHeader } from "../../core/webhook-signature.ts";

const TIMEOUT_MS = 10_000;

interface BridgeIssue {
  key: string;
  url?: string;
  status?: string;
}

/**
 * A bridge to any tracker: Retour POSTs signed JSON (`Service-Signature`, as its webhooks) to the
 * bridge's address, and the bridge answers with the issue. Requests: issue.open, issue.find, issue.status.
 * An address an Admin gave is connected to at the address it was checked at (sendPinned).
 */
export function createBridgeTracker({ addresses, deadlineMs = TIMEOUT_MS }: { addresses: AddressRule; deadlineMs?: number }): IssueTracker {
  async function call(settings: TrackerSettings, payload: Record<string, unknown>): Promise<BridgeIssue | null> {
    const address = settings.apiUrl;
    if (!address) throw new Error("the bridge tracker needs an address (--url)");
    const body = JSON.stringify({ ...payload, project: settings.project });
    const deadline = { signal: AbortSignal.timeout(deadlineMs), ms: deadlineMs };
    const request: RequestInit = {
      method: "POST",
      body,
      redirect: "manual",
      signal: deadline.signal,
      headers: {
        "content-type": "application/json",
        "user-agent": "Retour-Trackers/1",
        "service-signature": await signatureHeader([settings.webhookSecret], Math.floor(Date.now() / 1000), body),
      },
    };
    // Past the deadline, what the bridge did meanwhile is unknown (an issue it opened, say): DeadlinePassed.
    const response = await beforeDeadline("the tracker bridge", deadline, () =>
      sendPinned(addresses, settings, address, request, (pinned) =>
        fetch(pinned.url, { ...pinned.init, ...(pinned.serverName && { tls: { serverName: pinned.serverName } }) }),
      ),
    );
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`tracker bridge answered ${response.status}`);
    const issue = (await response.json()) as BridgeIssue;
    if (typeof issue?.key !== "string") throw new Error("tracker bridge answered without an issue key");
    return issue;
  }

  const linkOf = (issue: BridgeIssue, fallbackStatus: string): TrackerLink => ({
    key: issue.key,
    provider: "bridge",
    status: issue.status ?? fallbackStatus,
    ...(issue.url && { url: issue.url }),
  });

  return {
    mapsStatuses: false,
    async open(settings, issue) {
      const opened = await call(settings, { type: "issue.open", feedback: issue });
      if (!opened) throw new Error("tracker bridge could not open the issue");
      return linkOf(opened, "open");
    },
    async find(settings, issue) {
      const found = await call(settings, { type: "issue.find", issue });
      return found && linkOf(found, "open");
    },
    async follow(settings, link, change) {
      const followed = await call(settings, {
        type: "issue.status",
        issue: link.key,
        status: change.status,
        // The comment's id is the same at every retry: a bridge that keeps it posts the comment once.
        ...(change.comment && { comment: change.comment.text, commentId: change.comment.id }),
      });
      return followed ? linkOf(followed, link.status) : link;
    },
  };
}
