import { createHash } from "node:crypto";
import type { LinearClient } from "@linear/sdk";
import type { TrackerLink } from "../../core/model.ts";
import type { IssueComment, IssueTracker, TrackerSettings } from "../../core/ports.ts";
import { REDIRECT_LIMIT, sameOriginRedirect } from "../../core/outbound/redirect.ts";
import type { AddressRule } from "../../core/outbound/target.ts";
import { CredentialsRefused } from "../../core/refused-credentials.ts";
import { beforeDeadline, CHECK_DEADLINE_MS, TRACKER_DEADLINE_MS } from "../../core/trackers/deadline.ts";
import { type StateKind, stateForStatus, type TrackerState } from "../../core/trackers/status-mapping.ts";
import { sendPinned } from "../../core/trackers/tracker-address.ts";

/** A workflow state of the team, with the id Linear moves issues by. */
interface LinearState extends TrackerState {
  readonly id: string;
}

/** Linear's state types, as kinds; its `triage` inbox counts as the backlog. */
export function kindOfLinearState(type: string): StateKind | null {
  if (type === "triage" || type === "backlog") return "backlog";
  if (type === "unstarted" || type === "started" || type === "completed" || type === "canceled") return type;
  return null;
}

/**
 * Linear's SDK, loaded the first time a Linear tracker is used: it costs every server and CLI
 * command about 0.1 s of CPU at start-up otherwise.
 */
let linearSdk: Promise<typeof import("@linear/sdk")> | undefined;
const loadLinearSdk = () => (linearSdk ??= import("@linear/sdk"));

/**
 * The official client, with the API key and address of one tracker (a local server in tests), its
 * calls aborted by `signal`. Its GraphQL client takes no fetch, but passes its options to the
 * runtime's: each request goes to the address an Admin's was checked at (sendPinned), with
 * redirect "manual", and a redirect that stays on the API's origin is sent again there; one to
 * another origin fails the call, never followed.
 */
function clientFor(sdk: typeof import("@linear/sdk"), rule: AddressRule, settings: TrackerSettings, signal: AbortSignal): LinearClient {
  const linear = new sdk.LinearClient({ apiKey: settings.token, signal, redirect: "manual", ...(settings.apiUrl && { apiUrl: settings.apiUrl }) });
  const { options } = linear;
  linear.client = new (class extends sdk.LinearGraphQLClient {
    override async request<Data, Variables extends Record<string, unknown>>(document: string, variables?: Variables): Promise<Data> {
      for (let url = options.apiUrl, hop = 0; ; hop++) {
        try {
          return await sendPinned(rule, settings, url, { headers: options.headers }, (pinned) => {
            const pinnedOptions = { ...options, ...pinned.init, ...(pinned.serverName && { tls: { serverName: pinned.serverName } }) };
            return new sdk.LinearGraphQLClient(String(pinned.url), pinnedOptions).request<Data, Variables>(document, variables);
          });
        } catch (error) {
          const answer = (error as { response?: { status?: number; headers?: Headers } }).response;
          const next = answer?.status ? sameOriginRedirect(url, answer.status, answer.headers?.get("location")) : null;
          if (!next) throw error;
          if (hop === REDIRECT_LIMIT) throw new Error(`Linear redirected more than ${REDIRECT_LIMIT} times`);
          url = next.href;
        }
      }
    }
  })(options.apiUrl, options);
  return linear;
}

/** The tracker's team, among those the key sees. */
const teamOf = async (linear: LinearClient, settings: TrackerSettings) =>
  (await linear.teams({ filter: { key: { eq: settings.project } } })).nodes[0];

/** The team's workflow states, in the order Linear shows them. */
async function teamStates(linear: LinearClient, settings: TrackerSettings): Promise<LinearState[]> {
  const { nodes } = await linear.workflowStates({ filter: { team: { key: { eq: settings.project } } }, first: 100 });
  return [...nodes]
    .sort((a, b) => a.position - b.position)
    .flatMap((state) => {
      const kind = kindOfLinearState(state.type);
      return kind ? [{ id: state.id, name: state.name, kind }] : [];
    });
}

const linkOf = (issue: { identifier: string; url: string }, state: string): TrackerLink => ({
  key: issue.identifier,
  provider: "linear",
  status: state,
  url: issue.url,
});

const stateName = (states: readonly LinearState[], id: string | undefined): string => states.find((s) => s.id === id)?.name ?? "";

/**
 * The key of the issue of this team (ENG-12: the team key, a dash, a number) a person named, by
 * its key or its address (`https://linear.app/acme/issue/ENG-12/its-title`); null for another team's.
 */
function teamIssueKey(settings: TrackerSettings, typed: string): string | null {
  const text = typed.trim();
  const key = /^https:\/\/linear\.app\/[^/]+\/issue\/([^/?#]+)/i.exec(text)?.[1] ?? text;
  const match = /^([A-Za-z0-9]+)-\d+$/.exec(key);
  return match?.[1]?.toUpperCase() === settings.project.toUpperCase() ? key.toUpperCase() : null;
}

/** Linear answers a key it does not know with an input error. */
const notFound = async (error: unknown): Promise<boolean> => {
  const { LinearError, LinearErrorType } = await loadLinearSdk();
  return error instanceof LinearError && error.type === LinearErrorType.InvalidInput;
};

/** Linear's answer that it refuses the API key (an authentication error), or that the key may not do this (forbidden). */
const told = async (error: unknown): Promise<unknown> => {
  const { LinearError, LinearErrorType } = await loadLinearSdk();
  if (!(error instanceof LinearError)) return error;
  const part = error.type === LinearErrorType.AuthenticationError ? "token" : error.type === LinearErrorType.Forbidden ? "permission" : undefined;
  return part ? new CredentialsRefused(part, error.message, { cause: error }) : error;
};

/**
 * The id Linear keeps the comment under, chosen here (Linear takes a UUID from its client): the same
 * for every sync of one comment on one issue, so that a retry finds it.
 */
function commentId(comment: IssueComment, issueId: string): string {
  const hex = createHash("sha256").update(`retour:${comment.id}:${issueId}`).digest("hex");
  // A version 4 UUID's form: the version digit 4, the variant's two bits 10.
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Posts the comment on the issue unless Linear holds it already: posted by a sync that did not live to record it. */
async function postOnce(linear: LinearClient, issueId: string, comment: IssueComment): Promise<void> {
  const id = commentId(comment, issueId);
  try {
    await linear.comment({ id });
    return;
  } catch (error) {
    if (!(await notFound(error))) throw error;
  }
  await linear.createComment({ id, issueId, body: comment.text });
}

/**
 * Linear issues through the official SDK: an issue opened in the app's team, in the workflow state
 * the app's status mapping gives its feedback's status; each status change moves it and adds the comment.
 */
export function createLinearTracker({ addresses, deadlineMs = TRACKER_DEADLINE_MS }: { addresses: AddressRule; deadlineMs?: number }): IssueTracker {
  const within = async <T>(settings: TrackerSettings, operation: (linear: LinearClient) => Promise<T>, ms = deadlineMs): Promise<T> => {
    // The deadline is the tracker's: the library's first load (a cold start, a busy machine) is not counted in it.
    const sdk = await loadLinearSdk();
    const deadline = { signal: AbortSignal.timeout(ms), ms };
    return beforeDeadline("Linear", deadline, () => operation(clientFor(sdk, addresses, settings, deadline.signal))).catch(async (error: unknown) => {
      throw await told(error);
    });
  };
  return {
    mapsStatuses: true,
    // The key's own user (viewer), then the team among those it sees.
    check: (settings) =>
      within(
        settings,
        async (linear) => {
          await linear.viewer;
          if (!(await teamOf(linear, settings)))
            throw new CredentialsRefused("project", `no team with the key ${settings.project} among the teams this key sees`);
        },
        CHECK_DEADLINE_MS,
      ),
    stateNames: (settings) => within(settings, async (linear) => (await teamStates(linear, settings)).map((state) => state.name), CHECK_DEADLINE_MS),
    open: (settings, issue) =>
      within(settings, async (linear) => {
        const team = await teamOf(linear, settings);
        if (!team) throw new Error(`Linear has no team with the key ${settings.project}`);
        const states = await teamStates(linear, settings);
        const target = stateForStatus(settings.statuses ?? {}, issue.status, states);
        const created = await linear.createIssue({
          teamId: team.id,
          title: issue.title,
          description: issue.body,
          ...(target && { stateId: target.id }),
        });
        const opened = await created.issue;
        if (!opened) throw new Error("Linear opened no issue");
        return linkOf(opened, target?.name ?? stateName(states, opened.stateId));
      }),

    names: (settings, typed) => teamIssueKey(settings, typed) !== null,

    async find(settings, typed) {
      const key = teamIssueKey(settings, typed);
      if (!key) return null;
      return within(settings, async (linear) => {
        try {
          const issue = await linear.issue(key);
          return linkOf(issue, stateName(await teamStates(linear, settings), issue.stateId));
        } catch (error) {
          if (await notFound(error)) return null;
          throw error;
        }
      });
    },

    follow: (settings, link, change) =>
      within(settings, async (linear) => {
        const [issue, states] = await Promise.all([linear.issue(link.key), teamStates(linear, settings)]);
        const target = stateForStatus(settings.statuses ?? {}, change.status, states);
        if (target && target.id !== issue.stateId) await linear.updateIssue(issue.id, { stateId: target.id });
        if (change.comment) await postOnce(linear, issue.id, change.comment);
        return linkOf(issue, target?.name ?? stateName(states, issue.stateId));
      }),
  };
}
