import type { AppRecord } from "../../../core/model.ts";
import { STATUSES } from "../../../core/schemas/feedback.ts";
import type { Services } from "../../../core/services.ts";
import { describeTracker, type TrackerView } from "../../../core/trackers/describe-tracker.ts";
import { DEFAULT_KINDS, STATE_NAME_MAX_LENGTH } from "../../../core/trackers/status-mapping.ts";
import { type Html, html } from "../html.ts";
import { outcome, refusedField } from "./notices.ts";
import type { Visitor } from "./visitor.ts";
import { formatTime, valueName, wordsFor } from "./words.ts";
import type { FieldProblem, Refusal } from "../../../core/schemas/field-problem.ts";
import type { Language } from "../../../core/language.ts";
import { describeFieldProblem, textFor } from "../catalog/text.ts";
import { unreachedWarning } from "./settings-page.ts";
import { copyable } from "./copy.ts";

const PROVIDER_NAMES: Readonly<Record<string, string>> = { github: "GitHub", bridge: "Bridge", linear: "Linear", jira: "Jira" };

/** A tracker as people name it (GitHub), from its provider (github). */
export const trackerName = (provider: string): string => PROVIDER_NAMES[provider] ?? provider;

/** What the tracker form just did: the fields it refused one of, as sent (never the token); or what it saved. */
export type TrackerNotice =
  | { readonly refused: FieldProblem; readonly sent: Readonly<Record<FormField, string>> }
  | { readonly statesRefused: FieldProblem; readonly statesSent: Readonly<Record<string, string>> }
  | { readonly saved: { readonly webhookSecret: string; readonly secretKept: boolean; readonly unchecked?: string } };

/** The providers the form offers: those a token and a project connect (a bridge needs an operator's address). */
const FORM_PROVIDERS = ["github", "linear", "jira"] as const;
type FormField = "provider" | "project" | "site" | "email" | "apiUrl";
/** The fields a refusal is said beside; any other (the provider, sent by hand) is said above the form. */
const INPUTS: readonly string[] = ["project", "token", "site", "email", "apiUrl"];

/**
 * An app's issue tracker in the settings: which one, its webhook address, and, for Linear and Jira,
 * the state each status goes to (Admins change it; blank takes the default, said in the placeholder);
 * to Admins, the form that connects it or changes it.
 */
export async function trackerSection(services: Services, visitor: Visitor, app: AppRecord, admin: boolean, notice?: TrackerNotice): Promise<Html> {
  const described = await describeTracker(services, visitor.grant, app.id);
  if (!described.ok) return html``;
  const tracker = described.value;
  const saved = notice && "saved" in notice && tracker ? savedHtml(visitor, tracker, notice.saved, services.baseUrl) : "";
  const refused = notice && "refused" in notice ? notice : undefined;
  const form = admin ? trackerForm(visitor, app, tracker, services.trackerAddresses.allowPrivate, refused) : "";
  // Just saved unchecked, the boxed warning says what the stored failure would say again.
  const shown = tracker && notice && "saved" in notice && notice.saved.unchecked ? { ...tracker, lastFailure: undefined } : tracker;
  const states = notice && "statesRefused" in notice ? notice : undefined;
  return html`${saved}${trackerHtml(visitor, app, shown, services.baseUrl, admin, states)}${form}`;
}

/** The API hosts the trackers' clients call when the settings name none (GitHub Enterprise and test servers name theirs). */
const API_HOSTS: Readonly<Record<string, string>> = { github: "api.github.com", linear: "api.linear.app" };

/** The host the service calls (to check the token, to link an issue): the API address given, Jira's site, or the tracker's own. */
export function calledHost({ provider, apiUrl, site }: TrackerView): string {
  if (apiUrl) return URL.parse(apiUrl)?.host ?? apiUrl;
  return (provider === "jira" ? site : API_HOSTS[provider]) ?? provider;
}

/**
 * Just saved: the webhook address and the secret to give the tracker, as tracker set prints them, said
 * once; and, when the tracker could not be reached to check the token, a warning that names the host
 * called, with the connection's own error beneath it, muted, for whoever runs the server.
 */
function savedHtml(visitor: Visitor, tracker: TrackerView, saved: Extract<TrackerNotice, { saved: unknown }>["saved"], baseUrl: string): Html {
  const w = wordsFor(visitor.language, "trackers");
  const provider = tracker.provider;
  const name = trackerName(provider);
  return html`${outcome(
    html`<p>${w.savedWebhook(name)}</p>
<dl><dt>${w.webhookAddress}</dt><dd><code${copyable(visitor.language, w.webhookAddress)}>${baseUrl}/integrations/${provider}/webhook</code></dd><dt>${w.webhookSecret}</dt><dd><code${copyable(visitor.language, w.webhookSecret)}>${saved.webhookSecret}</code></dd></dl>
${saved.secretKept ? html`<p>${w.secretKept}</p>` : ""}`,
    { block: true },
  )}${saved.unchecked ? unreachedWarning(visitor, w.unchecked(name, calledHost(tracker)), saved.unchecked) : ""}`;
}

/**
 * The form that sets the tracker, filled with what is saved (or was sent and refused), never the
 * token: left blank, the saved one is kept. A refused field is said beside it, and takes the focus.
 */
function trackerForm(
  visitor: Visitor,
  app: AppRecord,
  tracker: TrackerView | null,
  anyNetwork: boolean,
  refused?: Extract<TrackerNotice, { refused: unknown }>,
): Html {
  const w = wordsFor(visitor.language, "trackers");
  const value = (field: FormField): string => refused?.sent[field] ?? (field === "provider" ? (tracker?.provider ?? "") : (tracker?.[field] ?? ""));
  const labels = { provider: w.provider, project: w.project, token: w.token, site: w.jiraSite, email: w.jiraEmail, apiUrl: w.apiUrl };
  const input = (field: Exclude<keyof typeof labels, "provider">, hint: string, attributes: Html) => {
    const id = `tracker-${app.id}-${field}`;
    const wrong = refused?.refused.field === field;
    const error = refusedField(`${id}-error`, wrong ? saidRefused(refused.refused, visitor.language, labels) : undefined, `${id}-hint`);
    const kept = field === "token" ? "" : html` value="${value(field)}"`;
    return html`<label for="${id}">${labels[field]}</label>${error.said}<input id="${id}" name="${field}"${kept}${attributes}${error.marks}>
<p class="muted" id="${id}-hint">${hint}</p>`;
  };
  const provider = value("provider");
  const selectId = `tracker-${app.id}-provider`;
  const refusedElsewhere =
    refused && !INPUTS.includes(refused.refused.field) ? outcome(saidRefused(refused.refused, visitor.language, labels), { role: "alert" }) : "";
  return html`<h3>${tracker ? w.changeTracker : w.connectTracker}</h3><form method="post" action="/settings/apps/${app.id}/tracker"><input type="hidden" name="csrf" value="${visitor.csrf}">${refusedElsewhere}
<label for="${selectId}">${w.provider}</label><select id="${selectId}" name="provider">${FORM_PROVIDERS.map(
    (p) => html`<option value="${p}"${p === provider ? html` selected` : ""}>${trackerName(p)}</option>`,
  )}</select>
${input("project", w.projectHint, html` required`)}
${input("token", tracker ? `${w.tokenHint} ${w.keepToken}` : w.tokenHint, html` type="password" autocomplete="off"${tracker ? "" : html` required`}`)}
${input("site", w.siteHint, html``)}
${input("email", w.emailHint, html` type="email"`)}
${input("apiUrl", w.apiUrlHint(anyNetwork), html` type="url"`)}
<button type="submit">${w.checkAndSave}</button></form>`;
}

/**
 * A refused field, by its label: an address by the condition it failed and what was given, and
 * who may set such an address otherwise (as a refused webhook's is said); any other as forms say it.
 */
function saidRefused(problem: FieldProblem, language: Language, labels: Readonly<Record<string, string>>): string {
  const words = wordsFor(language, "trackers").addressRefused;
  if (!(problem.reason in words)) return describeFieldProblem(problem, language, labels);
  const refused = problem as Extract<FieldProblem, { reason: Refusal }>;
  const why = words[refused.reason as keyof typeof words](refused.given ?? "", refused.resolved);
  return textFor(language).problems.says(labels[refused.field] ?? refused.field, why);
}

function trackerHtml(
  visitor: Visitor,
  app: AppRecord,
  tracker: TrackerView | null,
  baseUrl: string,
  admin: boolean,
  states?: Extract<TrackerNotice, { statesRefused: unknown }>,
): Html {
  const w = wordsFor(visitor.language, "trackers");
  if (!tracker) return html`<p class="muted">${w.noTracker}</p>`;
  const failed = tracker.lastFailure;
  // The syncs retry a failure unseen for about a day: its last one is said here until one goes through.
  const failure = failed
    ? html`<p class="error">${(failed.refused ? w.lastFailureRefused : w.lastFailure)(trackerName(tracker.provider), formatTime(visitor.language, failed.at), failed.error)}</p>`
    : "";
  const about = html`<p>${trackerName(tracker.provider)}, ${w.projectOf[tracker.provider as keyof typeof w.projectOf] ?? w.projectOf.bridge} <code>${tracker.project}</code></p>
<p>${w.webhookAddress}${w.colon}<code${copyable(visitor.language)}>${baseUrl}/integrations/${tracker.provider}/webhook</code></p>${failure}`;
  if (!tracker.mapsStatuses) return html`${about}`;
  const fallback = (status: (typeof STATUSES)[number]) => {
    const [kind, orKind] = DEFAULT_KINDS[status].map((k) => w.stateKinds[k]);
    return w.defaultState(kind!, orKind);
  };
  if (!admin)
    return html`${about}<h3>${w.statusMapping}</h3><dl>${STATUSES.map(
      (status) => html`<dt>${valueName(visitor.language, status)}</dt><dd>${tracker.statuses[status] ?? fallback(status)}</dd>`,
    )}</dl>`;
  // A refused state is said by its status's label, as the form shows it ("Fixed", not "fixed").
  const labels = Object.fromEntries(STATUSES.map((status) => [status, valueName(visitor.language, status)]));
  return html`${about}<form method="post" action="/settings/apps/${app.id}/tracker/statuses"><input type="hidden" name="csrf" value="${visitor.csrf}">
<fieldset><legend>${w.statusMapping}</legend><p class="muted">${w.statusMappingHint}</p>${STATUSES.map((status) => {
    const id = `state-${app.id}-${status}`;
    const wrong = states?.statesRefused.field === status;
    const error = refusedField(
      `${id}-error`,
      wrong ? describeFieldProblem(states.statesRefused, visitor.language, labels) : undefined,
      `${id}-default`,
    );
    const value = states ? states.statesSent[status] : tracker.statuses[status];
    return html`<label for="${id}">${labels[status]}</label><p class="muted" id="${id}-default">${fallback(status)}</p>${error.said}
<input id="${id}" name="state.${status}" value="${value ?? ""}" maxlength="${STATE_NAME_MAX_LENGTH}"${error.marks}>`;
  })}</fieldset><button type="submit" class="secondary">${w.save}</button></form>`;
}
