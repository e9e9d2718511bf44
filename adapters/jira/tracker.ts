import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import type { Version3Client } from "jira.js";
import type { TrackerLink } from "../../core/model.ts";
import type { IssueComment, IssueTracker, TrackerSettings } from "../../core/ports.ts";
import type { Status } from "../../core/schemas/feedback.ts";
import { REDIRECT_LIMIT, sameOriginRedirect } from "../../core/outbound/redirect.ts";
import type { AddressRule } from "../../core/outbound/target.ts";
import { CredentialsRefused } from "../../core/refused-credentials.ts";
import { beforeDeadline, CHECK_DEADLINE_MS, TRACKER_DEADLINE_MS } from "../../core/trackers/deadline.ts";
import { type StateKind, stateForStatus, type TrackerState } from "../../core/trackers/status-mapping.ts";
import { trackerLookup } from "../../core/trackers/tracker-address.ts";

/** The issue type opened when the settings name none: every Jira Cloud software and work-management project has it. */
const DEFAULT_ISSUE_TYPE = "Task";

/** Jira's status categories, as kinds: To Do, In Progress, Done. */
function kindOfJiraCategory(key: string | undefined): StateKind | null {
  if (key === "new") return "unstarted";
  if (key === "indeterminate") return "started";
  if (key === "done") return "completed";
  return null;
}

/** A status as Jira describes it (an issue's, or a transition's target), as a state. */
export function jiraState(status: { name?: string; statusCategory?: { key?: string } } | undefined): TrackerState | null {
  const kind = kindOfJiraCategory(status?.statusCategory?.key);
  return status?.name && kind ? { name: status.name, kind } : null;
}

/**
 * jira.js, loaded the first time a Jira tracker is used: it is a third of a process's start-up
 * (about 0.3 s of CPU here), which every server and CLI command would pay without one.
 */
let jiraJs: Promise<typeof import("jira.js")> | undefined;
const loadJiraJs = () => (jiraJs ??= import("jira.js"));

/** The addresses the rule's resolver gives a name, unchecked, as the system would connect to them. */
async function resolved(rule: AddressRule, hostname: string): Promise<readonly string[]> {
  const addresses = await rule.resolve(hostname);
  if (addresses.length === 0) throw new Error(`${hostname} resolves to no address`);
  return addresses;
}

/**
 * The official client for Jira Cloud's REST API v3, with basic authentication (account e-mail and
 * API token). axios follows redirects; one to another origin than the request's is refused before
 * it is sent, failing the call. An address an Admin gave is connected to at the addresses axios's
 * `lookup` hook gives (trackerLookup), the name kept for TLS; the operator's, as the client resolves it.
 */
function clientFor(library: typeof import("jira.js"), rule: AddressRule, settings: TrackerSettings, signal: AbortSignal): Version3Client {
  if (!settings.email) throw new Error("a Jira tracker needs the e-mail of the account its token belongs to");
  const host = settings.apiUrl ?? `https://${settings.site}`;
  const pinned = trackerLookup(rule, settings);
  // A proxy the operator set (HTTP_PROXY, HTTPS_PROXY) is the name axios connects to, and asks this hook
  // for: the operator's address, resolved unchecked, and the tracker's name is then the proxy's to resolve.
  const tracker = new URL(host).hostname.replace(/^\[|\]$/g, "");
  const lookup = pinned && (async (hostname: string) => (hostname === tracker ? pinned(hostname) : resolved(rule, hostname)));
  return new library.Version3Client({
    host,
    authentication: { basic: { email: settings.email, apiToken: settings.token } },
    baseRequestConfig: {
      signal,
      maxRedirects: REDIRECT_LIMIT,
      // axios's hook, given the answer that redirects and the request it answers (jira.js types its config as any).
      beforeRedirect: (_next: unknown, answer: { statusCode: number; headers: { location?: string } }, sent: { url: string }) =>
        void sameOriginRedirect(sent.url, answer.statusCode, answer.headers.location),
      // axios takes the addresses and their families from a promise, for each connection the client opens:
      // its own agents, as the shared ones would send the call on a connection opened for another tracker's
      // settings. Given them all, Bun's node:http tries the next when one refuses the connection or cannot be
      // reached, and not once one was connected to (a reset, a TLS error, no answer), as atFirstConnecting
      // does for the fetch-based trackers; it tries IPv6 ones first (tracker-rebinding.test.ts holds it to this).
      ...(lookup && {
        lookup: async (hostname: string) =>
          lookup(hostname).then((addresses) => [addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }))]),
        httpAgent: new HttpAgent(),
        httpsAgent: new HttpsAgent(),
      }),
    },
  });
}

/** Plain text in the Atlassian Document Format REST v3 requires: one paragraph per block of lines. */
function document(text: string) {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => ({ type: "paragraph" as const, content: [{ type: "text" as const, text: block }] }));
  return { type: "doc" as const, version: 1 as const, content: paragraphs };
}

const linkOf = (settings: TrackerSettings, key: string, status: string): TrackerLink => ({
  key,
  provider: "jira",
  status,
  url: `https://${settings.site}/browse/${key}`,
});

/**
 * The key of the issue of this project (SHOP-12) a person named, by its key or by an address on the
 * site (`https://acme.atlassian.net/browse/SHOP-12`, or a board's `?selectedIssue=SHOP-12`); null
 * for another project's or another site's.
 */
function projectIssueKey(settings: TrackerSettings, typed: string): string | null {
  const text = typed.trim();
  const address = /^https?:\/\//i.test(text) ? URL.parse(text) : null;
  if (address && address.host.toLowerCase() !== settings.site?.toLowerCase()) return null;
  const key = address ? (/^\/browse\/([^/]+)/.exec(address.pathname)?.[1] ?? address.searchParams.get("selectedIssue") ?? "") : text;
  const match = /^([A-Za-z][A-Za-z0-9_]*)-\d+$/.exec(key);
  return match?.[1]?.toUpperCase() === settings.project.toUpperCase() ? key.toUpperCase() : null;
}

/**
 * Moves an issue to the state the mapping gives a status, through the transition that leads there
 * (Jira moves issues only along their workflow). Returns the issue's status name afterwards.
 */
async function moveTo(jira: Version3Client, settings: TrackerSettings, key: string, status: Status): Promise<string> {
  const [issue, { transitions = [] }] = await Promise.all([
    jira.issues.getIssue({ issueIdOrKey: key, fields: ["status"] }),
    jira.issues.getTransitions({ issueIdOrKey: key }),
  ]);
  const current = jiraState(issue.fields.status);
  const reachable = transitions.flatMap((transition) => {
    const state = jiraState(transition.to);
    return state && transition.id ? [{ ...state, transition: transition.id }] : [];
  });
  const states = current ? [{ ...current, transition: null }, ...reachable] : reachable;
  const target = stateForStatus(settings.statuses ?? {}, status, states);
  if (target?.transition && target.name !== current?.name) {
    await jira.issues.doTransition({ issueIdOrKey: key, transition: { id: target.transition } });
    return target.name;
  }
  return current?.name ?? "";
}

/** The comment property that names the comment Retour posted: Jira keeps it, and does not show it. */
const COMMENT_PROPERTY = "retour.comment";

/** How many of the issue's latest comments a sync looks through for its own. */
const RECENT_COMMENTS = 50;

/** Whether the issue holds the comment already: posted by a sync that did not live to record it. */
async function holdsComment(jira: Version3Client, key: string, comment: IssueComment): Promise<boolean> {
  const { comments = [] } = await jira.issueComments.getComments({ issueIdOrKey: key, orderBy: "-created", maxResults: RECENT_COMMENTS });
  const ids = comments.flatMap((c) => (c.id ? [Number(c.id)] : []));
  if (ids.length === 0) return false;
  // Comments are listed without their properties; read by id, they come with them.
  const { values = [] } = await jira.issueComments.getCommentsByIds({ ids, expand: "properties" });
  return values.some((c) => c.properties?.some((p) => p.key === COMMENT_PROPERTY && (p.value as { id?: string } | undefined)?.id === comment.id));
}

/** What Retour does in a project, as Jira names the permissions: open issues, move them, comment on them. */
const NEEDED_PERMISSIONS = ["CREATE_ISSUES", "TRANSITION_ISSUES", "ADD_COMMENTS"];

/** What Jira answered, in its own words ("401 Client must be authenticated …"): jira.js's message gives only the status. */
function jiraAnswer(error: { readonly message: string; readonly status?: number; readonly response: unknown }): string {
  const { data } = (typeof error.response === "object" ? error.response : {}) as { data?: unknown };
  const { errorMessages = [], errors = {} } = (typeof data === "object" ? data : {}) as { errorMessages?: string[]; errors?: Record<string, string> };
  const words = typeof data === "string" ? data : [...errorMessages, ...Object.values(errors)].join(" ");
  return words ? `${error.status} ${words}` : error.message;
}

/** Jira's answer that it refuses the account's e-mail and token (401), or that the account may not do this (403). */
async function told(error: unknown): Promise<unknown> {
  const { HttpException } = await loadJiraJs();
  if (!(error instanceof HttpException)) return error;
  const part = error.status === 401 ? "token" : error.status === 403 ? "permission" : undefined;
  return part ? new CredentialsRefused(part, jiraAnswer(error), { cause: error }) : error;
}

/** The account behind the token (myself), the project as it sees it, and its permissions there, when Jira says them. */
async function checkAccount(jira: Version3Client, settings: TrackerSettings): Promise<void> {
  await jira.myself.getCurrentUser();
  const { HttpException } = await loadJiraJs();
  await jira.projects.getProject({ projectIdOrKey: settings.project }).catch((error: unknown) => {
    if (!(error instanceof HttpException && error.status === 404)) throw error;
    throw new CredentialsRefused("project", jiraAnswer(error), { cause: error });
  });
  // jira.js types the answer's permissions as unknown: Atlassian documents them by key, each with havePermission.
  const { permissions } = await jira.permissions.getMyPermissions<{ permissions?: Record<string, { havePermission?: boolean }> }>({
    projectKey: settings.project,
    permissions: NEEDED_PERMISSIONS.join(","),
  });
  const lacking = NEEDED_PERMISSIONS.filter((name) => permissions?.[name]?.havePermission === false);
  if (lacking.length > 0) throw new CredentialsRefused("permission", `the account lacks ${lacking.join(", ")} in ${settings.project}`);
}

/**
 * Jira Cloud issues through the official `jira.js` client: an issue opened in the app's project,
 * moved along its workflow to the state the app's status mapping gives each status, with the comment.
 */
export function createJiraTracker({ addresses, deadlineMs = TRACKER_DEADLINE_MS }: { addresses: AddressRule; deadlineMs?: number }): IssueTracker {
  const within = async <T>(settings: TrackerSettings, operation: (jira: Version3Client) => Promise<T>, ms = deadlineMs): Promise<T> => {
    // The deadline is the tracker's: the library's first load (a cold start, a busy machine) is not counted in it.
    const library = await loadJiraJs();
    const deadline = { signal: AbortSignal.timeout(ms), ms };
    return beforeDeadline("Jira", deadline, () => operation(clientFor(library, addresses, settings, deadline.signal))).catch(
      async (error: unknown) => {
        throw await told(error);
      },
    );
  };
  return {
    mapsStatuses: true,
    check: (settings) => within(settings, (jira) => checkAccount(jira, settings), CHECK_DEADLINE_MS),
    // Each issue type has its own statuses; a mapping names a state whichever type the issue is.
    stateNames: (settings) =>
      within(
        settings,
        async (jira) => {
          const types = await jira.projects.getAllStatuses({ projectIdOrKey: settings.project });
          return [...new Set(types.flatMap((type) => (type.statuses ?? []).flatMap((status) => (status.name ? [status.name] : []))))];
        },
        CHECK_DEADLINE_MS,
      ),
    open: (settings, issue) =>
      within(settings, async (jira) => {
        const created = await jira.issues.createIssue({
          fields: {
            project: { key: settings.project },
            issuetype: { name: settings.issueType ?? DEFAULT_ISSUE_TYPE },
            summary: issue.title,
            description: document(issue.body),
          },
        });
        return linkOf(settings, created.key, await moveTo(jira, settings, created.key, issue.status));
      }),

    names: (settings, typed) => projectIssueKey(settings, typed) !== null,

    async find(settings, typed) {
      const key = projectIssueKey(settings, typed);
      if (!key) return null;
      return within(settings, async (jira) => {
        try {
          const issue = await jira.issues.getIssue({ issueIdOrKey: key, fields: ["status"] });
          return linkOf(settings, issue.key, issue.fields.status?.name ?? "");
        } catch (error) {
          if (error instanceof (await loadJiraJs()).HttpException && error.status === 404) return null;
          throw error;
        }
      });
    },

    follow: (settings, link, change) =>
      within(settings, async (jira) => {
        const status = await moveTo(jira, settings, link.key, change.status);
        if (change.comment && !(await holdsComment(jira, link.key, change.comment)))
          await jira.issueComments.addComment({
            issueIdOrKey: link.key,
            comment: document(change.comment.text),
            properties: [{ key: COMMENT_PROPERTY, value: { id: change.comment.id } }],
          });
        return linkOf(settings, link.key, status);
      }),
  };
}
