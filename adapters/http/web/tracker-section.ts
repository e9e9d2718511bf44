import type { AppRecord } from "../../../core/model.ts";
import { STATUSES } from "../../../core/schemas/feedback.ts";
import type { Services } from "../../../core/services.ts";
import { describeTracker, type TrackerView } from "../../../core/trackers/describe-tracker.ts";
import { DEFAULT_KINDS, STATE_NAME_MAX_LENGTH } from "../../../core/trackers/status-mapping.ts";
import { type Html, html } from "../html.ts";
import type { Visitor } from "./visitor.ts";
import { formatTime, valueName, wordsFor } from "./words.ts";

const PROVIDER_NAMES: Readonly<Record<string, string>> = { github: "GitHub", bridge: "Bridge", linear: "Linear", jira: "Jira" };

/** A tracker as people name it (GitHub), from its provider (github). */
export const trackerName = (provider: string): string => PROVIDER_NAMES[provider] ?? provider;

/**
 * An app's issue tracker in the settings: which one, its webhook address, and, for Linear and Jira,
 * the state each status goes to (Admins change it; blank takes the default, said in the placeholder).
 */
export async function trackerSection(services: Services, visitor: Visitor, app: AppRecord, admin: boolean): Promise<Html> {
  const described = await describeTracker(services, visitor.grant, app.id);
  return described.ok ? trackerHtml(visitor, app, described.value, services.baseUrl, admin) : html``;
}

function trackerHtml(visitor: Visitor, app: AppRecord, tracker: TrackerView | null, baseUrl: string, admin: boolean): Html {
  const w = wordsFor(visitor.language, "trackers");
  if (!tracker) return html`<p class="muted">${w.noTracker}</p>`;
  const failed = tracker.lastFailure;
  // The syncs retry a failure unseen for about a day: its last one is said here until one goes through.
  const failure = failed
    ? html`<p class="error">${(failed.refused ? w.lastFailureRefused : w.lastFailure)(trackerName(tracker.provider), formatTime(visitor.language, failed.at), failed.error)}</p>`
    : "";
  const about = html`<p>${trackerName(tracker.provider)}, ${w.projectOf[tracker.provider as keyof typeof w.projectOf] ?? w.projectOf.bridge} <code>${tracker.project}</code></p>
<p>${w.webhookAddress}${w.colon}<code>${baseUrl}/integrations/${tracker.provider}/webhook</code></p>${failure}`;
  if (!tracker.mapsStatuses) return html`${about}`;
  const fallback = (status: (typeof STATUSES)[number]) => {
    const [kind, orKind] = DEFAULT_KINDS[status].map((k) => w.stateKinds[k]);
    return w.defaultState(kind!, orKind);
  };
  if (!admin)
    return html`${about}<h3>${w.statusMapping}</h3><dl>${STATUSES.map(
      (status) => html`<dt>${valueName(visitor.language, status)}</dt><dd>${tracker.statuses[status] ?? fallback(status)}</dd>`,
    )}</dl>`;
  return html`${about}<form method="post" action="/settings/apps/${app.id}/tracker/statuses"><input type="hidden" name="csrf" value="${visitor.csrf}">
<fieldset><legend>${w.statusMapping}</legend><p class="muted">${w.statusMappingHint}</p>${STATUSES.map((status) => {
    const id = `state-${app.id}-${status}`;
    return html`<label for="${id}">${valueName(visitor.language, status)}</label><p class="muted" id="${id}-default">${fallback(status)}</p>
<input id="${id}" name="state.${status}" value="${tracker.statuses[status] ?? ""}" maxlength="${STATE_NAME_MAX_LENGTH}" aria-describedby="${id}-default">`;
  })}</fieldset><button type="submit" class="secondary">${w.save}</button></form>`;
}
