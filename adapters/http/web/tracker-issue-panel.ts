import { can } from "../../../core/authorization.ts";
import { outcome as noticeOf, refusedField } from "./notices.ts";
import type { Failure } from "../../../core/errors.ts";
import type { Feedback } from "../../../core/schemas/feedback.ts";
import type { Services } from "../../../core/services.ts";
import { describeTracker, type TrackerView } from "../../../core/trackers/describe-tracker.ts";
import type { IssueExample } from "../catalog/en.ts";
import { namedIssue, textFor } from "../catalog/text.ts";
import { type Html, html } from "../html.ts";
import { calledHost, trackerName } from "./tracker-section.ts";
import type { Visitor } from "./visitor.ts";
import { type Words, wordsFor } from "./words.ts";

/** A link or a creation the tracker refused, with what was typed, for the form to show again. */
export interface TrackerRefusal {
  readonly failure: Failure;
  readonly issue: string;
}

/** What the panel says after its forms: `?tracker=opened|linked|taken` in the address, or a refusal. */
type Outcome = string | null | TrackerRefusal;

/** Beyond this many characters, what was typed is said back cut short. */
const SAID_BACK_AT_MOST = 100;

/** An example issue of the tracker's project; null where issues have no shape known here (a bridge). */
function issueExample({ provider, project, site }: TrackerView): IssueExample | null {
  if (provider === "github") return { by: "number", key: "17", address: `https://github.com/${project}/issues/17` };
  // A Linear address holds the workspace, which the settings do not name.
  if (provider === "linear") return { by: "key", key: `${project}-17`, address: `https://linear.app/…/issue/${project}-17` };
  return provider === "jira" ? { by: "key", key: `${project}-17`, address: `https://${site}/browse/${project}-17` } : null;
}

/** What was typed, said back cut short past SAID_BACK_AT_MOST characters. */
function saidBack(typed: string): string {
  const characters = [...typed];
  return characters.length > SAID_BACK_AT_MOST ? `${characters.slice(0, SAID_BACK_AT_MOST - 1).join("")}…` : typed;
}

/**
 * The feedback's issue in its app's tracker: the issue linked, with its state; for those who change
 * feedbacks, a button that opens one there and a form that links an existing one (by its key or its
 * address). An app without a tracker shows an Admin how one is connected, and nothing to the others.
 */
export async function trackerIssuePanel(
  services: Services,
  visitor: Visitor,
  feedback: Feedback,
  canUpdate: boolean,
  outcome: Outcome,
): Promise<Html | ""> {
  const w = wordsFor(visitor.language, "trackerIssue");
  const described = await describeTracker(services, visitor.grant, feedback.app.id);
  const tracker = described.ok ? described.value : null;
  const issue = feedback.trackerIssue;
  if (!tracker && !issue) return can(visitor.grant, "organization.manage") ? howToConnect(w, feedback) : "";
  const refused = outcome !== null && typeof outcome === "object" ? outcome : null;
  const shown = issue
    ? html`<p>${issue.url ? html`<a href="${issue.url}" rel="noreferrer">${issue.key}</a>` : issue.key} <span class="muted">· ${issue.status}</span></p>`
    : html`<p class="muted">${w.noIssue}</p>`;
  // A refusal of what was typed is said beside the link field, if there is one to say it beside.
  const linking = canUpdate && tracker !== null;
  const forms =
    linking && tracker
      ? issue
        ? html`<details${refused ? html` open` : ""}><summary>${w.linkAnother}</summary>${linkForm(visitor, feedback.key, tracker, refused)}</details>`
        : html`${createButton(visitor, feedback.key, tracker)}${linkForm(visitor, feedback.key, tracker, refused, "apart")}`
      : "";
  return html`<h2 id="tracker">${w.title}</h2>${said(visitor, tracker, issue?.key ?? "", outcome, linking)}${shown}${forms}`;
}

/** An Admin's way to a tracker: the app's tracker settings, whose form connects GitHub, Linear or Jira. */
function howToConnect(w: Words<"trackerIssue">, feedback: Feedback): Html {
  const settings = html`<a href="/settings/apps/${encodeURIComponent(feedback.app.id)}/tracker">${w.settingsOf(feedback.app.name ?? feedback.app.id)}</a>`;
  return html`<h2 id="tracker">${w.title}</h2><p>${w.noTracker} ${settings}.</p>`;
}

function createButton(visitor: Visitor, key: string, tracker: TrackerView): Html {
  const w = wordsFor(visitor.language, "trackerIssue");
  return html`<form method="post" action="/inbox/${encodeURIComponent(key)}/tracker"><input type="hidden" name="csrf" value="${visitor.csrf}">
<input type="hidden" name="action" value="open"><button type="submit">${w.createIn(trackerName(tracker.provider))}</button></form>`;
}

/** The form that links an existing issue; `apart` from a button above it. */
function linkForm(visitor: Visitor, key: string, tracker: TrackerView, refused: TrackerRefusal | null, className = ""): Html {
  const w = wordsFor(visitor.language, "trackerIssue");
  const error = refused && aboutTheIssue(refused) ? refusal(visitor, tracker, refused) : undefined;
  const issue = refusedField("tracker-issue-error", error, "tracker-issue-hint");
  return html`<form method="post" action="/inbox/${encodeURIComponent(key)}/tracker"${className ? html` class="${className}"` : ""}><input type="hidden" name="csrf" value="${visitor.csrf}">
<input type="hidden" name="action" value="link"><label for="tracker-issue">${w.linkExisting}</label><p class="muted" id="tracker-issue-hint">${w.linkHint(issueExample(tracker))}</p>
${issue.said}<div class="search-row"><input id="tracker-issue" name="issue" required maxlength="2000" autocomplete="off" value="${refused?.issue ?? ""}"${issue.marks}><button type="submit" class="secondary">${w.link}</button></div></form>`;
}

/** What the last action on the panel did, or why it was refused (beside the link field, when `linking` shows it). */
function said(visitor: Visitor, tracker: TrackerView | null, linked: string, outcome: Outcome, linking: boolean): Html | "" {
  const w = wordsFor(visitor.language, "trackerIssue");
  const name = tracker ? trackerName(tracker.provider) : "";
  if (outcome === null) return "";
  if (typeof outcome === "object") return linking && aboutTheIssue(outcome) ? "" : noticeOf(refusal(visitor, tracker, outcome), { role: "alert" });
  // Taken while nothing is linked: another request holds the opening, and its issue is not created yet.
  if (!linked) return outcome === "taken" ? noticeOf(w.beingCreated) : "";
  const notice = outcome === "opened" ? w.opened(linked, name) : outcome === "linked" ? w.linked(linked) : outcome === "taken" ? w.taken(linked) : "";
  return notice ? noticeOf(notice) : "";
}

/**
 * Whether a refusal is of what was typed in the link form (nothing, no issue of the project, an
 * issue the tracker does not hold): said beside that field, not above the panel.
 */
const aboutTheIssue = ({ failure, issue }: TrackerRefusal): boolean =>
  failure.code === "invalid_body" || (failure.code === "not_found" && issue !== "");

/** Why a link or a creation was refused, naming the tracker, and for an outage what it answered. */
function refusal(visitor: Visitor, tracker: TrackerView | null, { failure, issue }: TrackerRefusal): string {
  const w = wordsFor(visitor.language, "trackerIssue");
  if (failure.code === "invalid_body") {
    const example = tracker && failure.problem?.reason === "malformed" ? issueExample(tracker) : null;
    return tracker && example ? w.notAnIssue(saidBack(issue), tracker.project, example) : w.missingIssue;
  }
  if (!tracker) return textFor(visitor.language).errors[failure.code];
  const name = trackerName(tracker.provider);
  if (failure.code === "not_found") return w.noSuchIssue(saidBack(issue), name, tracker.project);
  if (failure.unlinked) return w.unlinked(namedIssue(failure.unlinked), name);
  if (failure.code !== "tracker_unavailable") return textFor(visitor.language).errors[failure.code];
  // The token is in question only when the tracker answered 401 or 403; else its address is (refused, not found, timed out).
  if (failure.mayHaveOpened) return w.mayHaveOpened(name, tracker.project);
  const said = failure.credentialsRefused ? w.tokenRefused(name, tracker.project) : w.unavailable(name, calledHost(tracker));
  return failure.cause ? `${said} ${w.itSaid(failure.cause)}` : said;
}
