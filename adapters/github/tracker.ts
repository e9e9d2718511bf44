import { request } from "@octokit/request";
import type { TrackerLink } from "../../core/model.ts";
import type { IssueComment, IssueTracker, TrackerSettings } from "../../core/ports.ts";
import { STATUSES, type Status } from "../../core/schemas/feedback.ts";
import { REDIRECT_LIMIT, sameOriginRedirect } from "../../core/outbound/redirect.ts";
import type { AddressRule } from "../../core/outbound/target.ts";
import { CredentialsRefused } from "../../core/refused-credentials.ts";
import { beforeDeadline, CHECK_DEADLINE_MS, TRACKER_DEADLINE_MS } from "../../core/trackers/deadline.ts";
import { sendPinned } from "../../core/trackers/tracker-address.ts";

/** Labels that carry the feedback's status on the issue. */
const LABEL_PREFIX = "retour:";
const CLOSING: readonly Status[] = ["delivered", "dismissed"];
/** How GitHub closes the issue of a feedback in a closing status: delivered is completed, dismissed not planned. */
const closingState = (status: Status) => ({ state: "closed", state_reason: status === "delivered" ? "completed" : "not_planned" }) as const;

/**
 * fetch as Octokit calls it, to the address an Admin's was checked at (sendPinned), following a
 * redirect itself only on the origin it was sent to (a renamed repository's 301 or 307): one to
 * another origin fails the request, never followed.
 */
const sameOriginFetch =
  (rule: AddressRule, settings: TrackerSettings) =>
  async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    let url = String(input);
    let request = init;
    for (let hop = 0; ; hop++) {
      const response = await sendPinned(rule, settings, url, { ...request, redirect: "manual" }, (pinned) =>
        fetch(pinned.url, { ...pinned.init, ...(pinned.serverName && { tls: { serverName: pinned.serverName } }) }),
      );
      const next = sameOriginRedirect(url, response.status, response.headers.get("location"));
      if (!next) return response;
      await response.body?.cancel();
      if (hop === REDIRECT_LIMIT) throw new Error(`GitHub redirected more than ${REDIRECT_LIMIT} times`);
      // As fetch does: a 303, or a 301 or 302 answering a POST, is followed by a GET without the body.
      const toGet = response.status === 303 ? request.method !== "HEAD" : response.status <= 302 && request.method === "POST";
      if (toGet) request = { ...request, method: "GET", body: undefined };
      url = next.href;
    }
  };

/**
 * GitHub's official request client, with the token and address of one tracker. Four issue calls
 * need no more: the full `@octokit/rest` adds 12 MB of endpoint tables and pagination for them.
 */
const client = (rule: AddressRule, settings: TrackerSettings, signal: AbortSignal) =>
  request.defaults({
    headers: { authorization: `token ${settings.token}`, "user-agent": "Retour" },
    request: { signal, fetch: sameOriginFetch(rule, settings) },
    ...(settings.apiUrl && { baseUrl: settings.apiUrl }),
  });
type GithubClient = ReturnType<typeof client>;

function repository(settings: TrackerSettings): { owner: string; repo: string } {
  const [owner, repo] = settings.project.split("/");
  if (!owner || !repo) throw new Error(`GitHub project must be owner/repository, got ${settings.project}`);
  return { owner, repo };
}

const linkOf = (settings: TrackerSettings, issue: { number: number; html_url?: string; state?: string }): TrackerLink => ({
  key: `${settings.project}#${issue.number}`,
  provider: "github",
  status: issue.state ?? "open",
  ...(issue.html_url && { url: issue.html_url }),
});

const numberOf = (key: string): number => Number(key.split("#").at(-1));

/**
 * The number of the issue a person named, in this repository: `17`, `#17`, `acme/shop#17`, or its
 * address (`https://github.com/acme/shop/issues/17`, any host for GitHub Enterprise); null for an
 * issue of another repository, or for what names no issue.
 */
function issueNumberIn(settings: TrackerSettings, typed: string): number | null {
  const text = typed.trim();
  const named = /^https?:\/\/[^/]+\/([^/]+\/[^/]+)\/issues\/(\d+)(?:[/?#].*)?$/i.exec(text) ?? /^(?:([\w.-]+\/[\w.-]+)#|#)?(\d+)$/.exec(text);
  if (!named || (named[1] && named[1].toLowerCase() !== settings.project.toLowerCase())) return null;
  const number = Number(named[2]);
  return number > 0 ? number : null;
}

/** An HTML comment, which GitHub keeps in the body and does not show: it names the comment it posts. */
const markOf = (comment: IssueComment): string => `<!-- retour:comment:${comment.id} -->`;
const withMark = (comment: IssueComment): string => `${comment.text}\n\n${markOf(comment)}`;

/** Clocks differ: the issue's comments are read from a while before the comment was written. */
const CLOCK_SKEW_MS = 15 * 60_000;

/** Whether the issue holds the comment already: posted by a sync that did not live to record it. */
async function holdsComment(github: GithubClient, where: { owner: string; repo: string; issue_number: number }, comment: IssueComment) {
  const since = new Date(comment.at - CLOCK_SKEW_MS).toISOString();
  const { data } = await github("GET /repos/{owner}/{repo}/issues/{issue_number}/comments", { ...where, since, per_page: 100 });
  return data.some((posted) => posted.body?.includes(markOf(comment)));
}

/** GitHub's answer that it refuses the token (401), or that the token may not do this (403, unless its rate limit ran out). */
function told(error: unknown): unknown {
  const { status, response } = error as { status?: number; response?: { headers?: Record<string, string | undefined> } };
  const limited = response?.headers?.["x-ratelimit-remaining"] === "0";
  const part = status === 401 ? "token" : status === 403 && !limited ? "permission" : undefined;
  return part && error instanceof Error ? new CredentialsRefused(part, error.message, { cause: error }) : error;
}

/** Whether GitHub's account behind the token may label, close and reopen issues there: triage access at least. */
const writesIssues = (can: { admin?: boolean; maintain?: boolean; push?: boolean; triage?: boolean }): boolean =>
  Boolean(can.admin || can.maintain || can.push || can.triage);

/**
 * GitHub Issues through the official Octokit request client; each operation within `deadlineMs`,
 * an address an Admin gave connected to as `addresses` allows.
 */
export function createGithubTracker({ addresses, deadlineMs = TRACKER_DEADLINE_MS }: { addresses: AddressRule; deadlineMs?: number }): IssueTracker {
  const within = <T>(settings: TrackerSettings, operation: (github: GithubClient) => Promise<T>, ms = deadlineMs): Promise<T> => {
    const deadline = { signal: AbortSignal.timeout(ms), ms };
    return beforeDeadline("GitHub", deadline, () => operation(client(addresses, settings, deadline.signal))).catch((error: unknown) => {
      throw told(error);
    });
  };
  return {
    mapsStatuses: false,
    // The repository, as the token sees it: a token GitHub refuses is a 401, a repository it does not show a 404.
    check: (settings) =>
      within(
        settings,
        async (github) => {
          const { data } = await github("GET /repos/{owner}/{repo}", repository(settings)).catch((error: unknown) => {
            if ((error as { status?: number }).status !== 404) throw error;
            throw new CredentialsRefused("project", (error as Error).message, { cause: error });
          });
          // Only when GitHub says what the account may do there: a fine-grained token's own rights it does not show.
          if (data.permissions && !writesIssues(data.permissions))
            throw new CredentialsRefused("permission", `permissions on ${settings.project}: ${JSON.stringify(data.permissions)}`);
        },
        CHECK_DEADLINE_MS,
      ),
    open: (settings, issue) =>
      within(settings, async (github) => {
        const { data } = await github("POST /repos/{owner}/{repo}/issues", {
          ...repository(settings),
          title: issue.title,
          body: issue.body,
          labels: [`${LABEL_PREFIX}${issue.status}`],
        });
        if (!CLOSING.includes(issue.status)) return linkOf(settings, data);
        // GitHub opens every issue open: one for a feedback delivered or dismissed is closed at once, as its
        // last status change would have left it. Should that fail, the issue exists all the same: it is linked
        // (its state, open, shown), not thrown away for another to be opened; the next status change sets its
        // state as for any issue: closed for a closing status, left open for an open one.
        const closed = await github("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
          ...repository(settings),
          issue_number: data.number,
          ...closingState(issue.status),
        }).catch(() => ({ data }));
        return linkOf(settings, closed.data);
      }),

    names: (settings, issue) => issueNumberIn(settings, issue) !== null,

    async find(settings, issue) {
      const number = issueNumberIn(settings, issue);
      if (number === null) return null;
      return within(settings, async (github) => {
        try {
          const { data } = await github("GET /repos/{owner}/{repo}/issues/{issue_number}", { ...repository(settings), issue_number: number });
          return linkOf(settings, data);
        } catch (error) {
          if ((error as { status?: number }).status === 404) return null;
          throw error;
        }
      });
    },

    follow: (settings, link, change) =>
      within(settings, async (github) => {
        const where = { ...repository(settings), issue_number: numberOf(link.key) };
        const { data: current } = await github("GET /repos/{owner}/{repo}/issues/{issue_number}", where);
        const kept = (current.labels ?? [])
          .map((l) => (typeof l === "string" ? l : (l.name ?? "")))
          .filter((name) => name && !name.startsWith(LABEL_PREFIX));
        await github("PUT /repos/{owner}/{repo}/issues/{issue_number}/labels", { ...where, labels: [...kept, `${LABEL_PREFIX}${change.status}`] });
        if (change.comment && !(await holdsComment(github, where, change.comment)))
          await github("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", { ...where, body: withMark(change.comment) });
        const closing = CLOSING.includes(change.status);
        if (closing === (current.state === "closed")) return linkOf(settings, current);
        const { data } = await github("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
          ...where,
          ...(closing ? closingState(change.status) : { state: "open" as const }),
        });
        return linkOf(settings, data);
      }),
  };
}

/** The status a GitHub issue event asks for, if any: closing, reopening, or a status label. */
export function statusFromGithubEvent(event: {
  action?: string;
  issue?: { state_reason?: string | null };
  label?: { name?: string };
}): Status | null {
  if (event.action === "closed") return event.issue?.state_reason === "not_planned" ? "dismissed" : "delivered";
  if (event.action === "reopened") return "triage";
  if (event.action === "labeled" && event.label?.name?.startsWith(LABEL_PREFIX)) {
    const status = event.label.name.slice(LABEL_PREFIX.length) as Status;
    return STATUSES.includes(status) ? status : null;
  }
  return null;
}
