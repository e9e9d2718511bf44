import { Elysia } from "elysia";
import { outcome, refusedField } from "../web/notices.ts";
import { ArticleFile, checkFile, FeatureFile, parseFile } from "../../../core/catalog-files.ts";
import { can } from "../../../core/authorization.ts";
import { type Failure, fail, type Result } from "../../../core/errors.ts";
import { readPlan } from "../../../core/organizations/read-plan.ts";
import { STATUS_OF } from "../error-status.ts";
import { type AppRecord, CHANNEL_KINDS, type ChannelKind, type FeatureRecord } from "../../../core/model.ts";
import { browserCollection } from "../../../core/apps/browser-collection.ts";
import { SEVERITIES } from "../../../core/schemas/feedback.ts";
import { APP_KINDS } from "../../../core/schemas/catalog.ts";
import { GROUPING_MODES, type GroupingMode } from "../../../core/grouping/decision.ts";
import { describeFieldProblem, describeProblem, reorderingRemoved, textFor } from "../catalog/text.ts";
import type { Services } from "../../../core/services.ts";
import type { FieldProblem } from "../../../core/schemas/field-problem.ts";
import { withoutReordering } from "../../../core/schemas/text.ts";
import { addChannel } from "../../../core/apps/add-channel.ts";
import { setBrowserCollection } from "../../../core/apps/set-browser-collection.ts";
import { setGroupingMode } from "../../../core/apps/set-grouping-mode.ts";
import { APP_NAME_MAX_LENGTH, createApp } from "../../../core/apps/create-app.ts";
import { importFeatures, MAX_FEATURES_PER_APP } from "../../../core/apps/import-features.ts";
import { importHelpArticles } from "../../../core/apps/import-help-articles.ts";
import { type AppSetup, listAppSetup } from "../../../core/apps/list-app-setup.ts";
import { setChannelActive } from "../../../core/apps/set-channel-active.ts";
import { type Html, html, redirect } from "../html.ts";
import { embedSnippetHtml } from "../web/embed-snippet.ts";
import { reportCommand } from "../web/first-report.ts";
import type { CookieJar } from "../cookies.ts";
import { redirectWithFlash, type SetupStep, takeNotice, takeSetupStep } from "../web/flash.ts";
import { asMember, asMemberPosting } from "../web/layout.ts";
import { hidden, postButton, refusal, settingsPage, unconfirmed } from "../web/settings-page.ts";
import type { Visitor } from "../web/visitor.ts";
import { formatMonth, formatNumber, wordsFor } from "../web/words.ts";
import { STATUSES } from "../../../core/schemas/feedback.ts";
import { setTrackerStatuses } from "../../../core/trackers/set-tracker-statuses.ts";
import { type TrackerNotice, trackerSection } from "../web/tracker-section.ts";
import { configureTracker } from "../../../core/trackers/configure-tracker.ts";
import { copyable } from "../web/copy.ts";
import type { Language } from "../../../core/language.ts";

/** What a settings page says of the change just made: what was refused (with its status), or the set-up step just done. */
type Notice = {
  readonly error?: string;
  /** The error is that of the field the change was refused for, said beside it where the page has it (a new app's name); else above. */
  readonly ofField?: boolean;
  /** What the form that creates an app held when refused, shown in it again. */
  readonly newApp?: { readonly name: string; readonly kind: string };
  readonly status?: number;
  readonly step?: SetupStep;
  readonly saved?: string;
  /** What the tracker form just refused, beside its field, or saved, with the webhook secret to give the tracker. */
  readonly tracker?: TrackerNotice;
  /** What the widget form just refused, beside its field, with what was typed in it. */
  readonly browser?: BrowserRefusal;
  /** What a JSON import just refused, beside its text, with the text pasted. */
  readonly imported?: { readonly json: string; readonly error: string };
  /** What the feature table just refused, beside the field of its row, with the table as sent. */
  readonly table?: TableRefusal;
};

/** A row of the feature table, as the page sent it: `id`, the feature it edits (none for a new one). */
interface FeatureRow {
  readonly id: string;
  readonly path: string;
  readonly name: string;
  readonly floor: string;
  readonly cues: string;
  readonly remove: boolean;
}

/** The columns of the feature table that a refusal can name, by the file's names for them. */
const FEATURE_COLUMNS = ["path", "name", "severityFloor", "cues"] as const;
type FeatureColumn = (typeof FEATURE_COLUMNS)[number];

/** The feature table as sent, and the field of a row refused in it with why. */
interface TableRefusal {
  readonly rows: readonly FeatureRow[];
  readonly row: number;
  readonly column: FeatureColumn;
  readonly error: string;
}

/** The widget form as it was sent, and the field refused in it with why. */
interface BrowserRefusal {
  readonly origins: string;
  readonly queryParams: string;
  readonly replay: boolean;
  readonly field: "origins" | "queryParams";
  readonly error: string;
}

/** The sections of one app's settings, each a page of its own. */
const APP_SECTIONS = ["channels", "widget", "grouping", "features", "help", "tracker"] as const;
type AppSection = (typeof APP_SECTIONS)[number];

const sectionPath = (appId: string, section: AppSection) => `/settings/apps/${encodeURIComponent(appId)}/${section}`;

/** The apps, each summed up with a link to its settings, and the form that creates one. */
async function appsPage(services: Services, visitor: Visitor, notice: Notice = {}): Promise<Response> {
  const w = wordsFor(visitor.language, "apps");
  const admin = can(visitor.grant, "organization.manage");
  const listed = await listAppSetup(services, visitor.grant);
  const cards = (listed.ok ? listed.value : []).map(({ app, channels, features, helpArticles }) => {
    const { origins } = browserCollection(app);
    const mode = app.groupingMode ?? "auto";
    return html`<section class="card" aria-labelledby="app-${app.id}"><h2 id="app-${app.id}">${app.name} <span class="muted">(${w.appKinds[app.kind]})</span></h2>
<dl><dt>${w.channels}</dt><dd>${channels.length > 0 ? w.channelsActive(channels.filter((c) => c.active).length, channels.length) : w.noChannel}</dd>
<dt>${w.allowedOrigins}</dt><dd>${origins.length > 0 ? origins.length : w.noOrigins}</dd>
<dt>${w.grouping}</dt><dd>${w.groupingShort[mode]}</dd>
<dt>${w.featureCount}</dt><dd>${features.length}</dd><dt>${w.articleCount}</dt><dd>${helpArticles}</dd></dl>
<p><a class="button" href="${sectionPath(app.id, "channels")}">${w.openSettings}<span class="visually-hidden"> (${app.name})</span></a></p></section>`;
  });
  // A name refused is said in the form, at its field (only an Admin has one); any other refusal, above the apps.
  const name = refusedField("app-name-error", notice.ofField ? notice.error : undefined);
  const createForm = admin
    ? html`<h2>${w.createApp}</h2><form method="post" action="/settings/apps" class="narrow"><input type="hidden" name="csrf" value="${visitor.csrf}">
<label for="app-name">${w.name}</label>${name.said}<input id="app-name" name="name" required maxlength="${APP_NAME_MAX_LENGTH}"${notice.newApp?.name.trim() ? html` value="${notice.newApp.name}"` : ""}${name.marks}>
<label for="app-kind">${w.kind}</label><select id="app-kind" name="kind">${APP_KINDS.map((k) => html`<option value="${k}"${k === notice.newApp?.kind ? html` selected` : ""}>${w.appKinds[k]}</option>`)}</select>
<button type="submit">${w.create}</button></form>`
    : html`<p class="muted">${w.adminsOnly}</p>`;
  return settingsPage(
    visitor,
    "/settings/apps",
    w.apps,
    html`${notice.error && !notice.ofField ? outcome(notice.error, { role: "alert" }) : ""}${cards.length > 0 ? html`<div class="cards-grid">${cards}</div>` : html`<p class="empty">${admin ? w.noAppYet : w.noApps}</p>`}${createForm}`,
    notice.status,
  );
}

/** The title of each section of an app's settings, as its tab and heading name it. */
function sectionTitles(visitor: Visitor): Record<AppSection, string> {
  const w = wordsFor(visitor.language, "apps");
  return {
    channels: w.channels,
    widget: w.browserCollection,
    grouping: w.grouping,
    features: w.featureMap,
    help: w.helpCenter,
    tracker: w.issueTracker,
  };
}

/** One section of an app's settings: the way back to all apps, the app's sections as tabs, then the section. */
async function appSectionPage(services: Services, visitor: Visitor, appId: string, section: AppSection, notice: Notice = {}): Promise<Response> {
  const w = wordsFor(visitor.language, "apps");
  const listed = await listAppSetup(services, visitor.grant, appId);
  const setup = listed.ok ? listed.value[0] : undefined;
  if (!setup) return notFoundPage(visitor, listed.ok ? "not_found" : listed.code);
  const admin = can(visitor.grant, "organization.manage");
  const titles = sectionTitles(visitor);
  const tabs = html`<nav aria-label="${w.appSettings}"><ul class="tabs">${APP_SECTIONS.map(
    (s) => html`<li><a href="${sectionPath(appId, s)}"${s === section ? html` aria-current="page"` : ""}>${titles[s]}</a></li>`,
  )}</ul></nav>`;
  const bodies: Record<AppSection, () => Html | Promise<Html>> = {
    channels: () => channelsSection(visitor, setup, admin, services.baseUrl, notice.step),
    widget: () => html`${browserForm(visitor, setup.app, admin, notice.browser)}${embedSection(visitor, setup, services.baseUrl)}`,
    grouping: () => groupingForm(visitor, setup.app, admin),
    features: () => featuresSection(visitor, setup, admin, notice),
    help: () =>
      html`<p>${w.articlesHeld(setup.helpArticles)}</p>${
        admin ? importForm(visitor, `/settings/apps/${appId}/help`, `help-${appId}`, w.importHelp, w.import, notice.imported) : ""
      }`,
    tracker: () => trackerSection(services, visitor, setup.app, admin, notice.tracker),
  };
  const error = notice.error ? outcome(notice.error, { role: "alert" }) : "";
  const saved = notice.saved ? outcome(notice.saved) : "";
  return settingsPage(
    visitor,
    "/settings/apps",
    `${setup.app.name}`,
    html`<p><a href="/settings/apps">← ${w.allApps}</a></p>${tabs}<h2>${titles[section]}</h2>${error}${saved}${await bodies[section]()}`,
    notice.status,
    { subpage: true },
  );
}

function notFoundPage(visitor: Visitor, code: Failure["code"]): Response {
  return settingsPage(
    visitor,
    "/settings/apps",
    textFor(visitor.language).errors[code],
    html`<p><a href="/settings/apps">← ${wordsFor(visitor.language, "apps").allApps}</a></p>`,
    STATUS_OF[code],
  );
}

/** The ways feedback arrives, in the order they are offered: the widget, for an app with web pages, first. */
const WAYS: readonly ChannelKind[] = ["widget", "form", "api"];

/**
 * The app's channels with their keys (to Admins), each to disable or enable, and a row that adds
 * one; an app with none shows the ways instead. First, what the set-up step just done leads to.
 */
function channelsSection(visitor: Visitor, setup: AppSetup, admin: boolean, baseUrl: string, step?: SetupStep): Html {
  const w = wordsFor(visitor.language, "apps");
  const { app, channels } = setup;
  const said = step?.appId === app.id ? nextStep(visitor, setup, step, baseUrl) : "";
  if (channels.length === 0) return html`${said}${waysIn(visitor, app, admin)}`;
  const rows = channels.map(
    (
      c,
    ) => html`<tr><td data-label="${w.kind}">${w.channelKinds[c.kind]}</td><td data-label="${w.key}">${c.key ? html`<code>${c.key}</code>` : html`<code>…${c.keyEnd}</code>`}${
      // A form channel's key is its public page: the address to share, at hand.
      c.kind === "form" && c.key ? html`<br>${formLink(visitor.language, baseUrl, c.key)}` : ""
    }</td><td data-label="${w.status}">${c.active ? html`<span class="badge state-on">${w.active}</span>` : html`<span class="badge state-off">${w.disabled}</span>`}</td>
<td>${
      admin
        ? postButton(visitor, `/settings/channels/${c.id}/active`, c.active ? w.disable : w.enable, {
            fields: html`${hidden("active", c.active ? "no" : "yes")}${hidden("app", app.id)}`,
            of: w.channelEnding(c.keyEnd),
          })
        : ""
    }</td></tr>`,
  );
  return html`${said}<div class="scroll"><table class="cards channels"><thead><tr><th scope="col">${w.kind}</th><th scope="col">${w.key}</th><th scope="col">${w.status}</th><th scope="col"></th></tr></thead><tbody>${rows}</tbody></table></div>
${
  admin
    ? html`<form method="post" action="/settings/apps/${app.id}/channels" class="add-row"><input type="hidden" name="csrf" value="${visitor.csrf}">
<label for="channel-kind-${app.id}">${w.createChannel}</label><select id="channel-kind-${app.id}" name="kind">${WAYS.map((k) => html`<option value="${k}">${w.channelKinds[k]}</option>`)}</select>
<button type="submit" class="secondary">${w.create}</button></form>`
    : ""
}`;
}

/** The hosted form's address, a link that is also the text to copy and hand over. */
const formLink = (language: Language, baseUrl: string, key: string): Html =>
  html`<a href="${baseUrl}/f/${encodeURIComponent(key)}"${copyable(language)}>${baseUrl}/f/${key}</a>`;

/**
 * An app without a channel, which nothing can send feedback to yet: the ways feedback arrives, a
 * line each, each with the button that creates it (to Admins; the others read who adds them).
 */
function waysIn(visitor: Visitor, app: AppRecord, admin: boolean): Html {
  const w = wordsFor(visitor.language, "apps");
  const ways = html`<ul class="ways">${WAYS.map(
    (kind) =>
      html`<li><p><strong>${w.ways[kind].name}</strong> <span>${w.ways[kind].line}</span></p>${
        admin ? html`<button type="submit" name="kind" value="${kind}">${w.ways[kind].create}</button>` : ""
      }</li>`,
  )}</ul>`;
  return html`<section aria-labelledby="ways-${app.id}"><h3 id="ways-${app.id}">${w.waysTitle(app.name)}</h3><p>${admin ? w.waysLead : w.waysAdminsOnly}</p>${
    admin
      ? html`<form method="post" action="/settings/apps/${app.id}/channels"><input type="hidden" name="csrf" value="${visitor.csrf}">${ways}</form>`
      : ways
  }</section>`;
}

/**
 * What to do after the set-up step just done: give the new app a channel; for a new channel, where
 * the widget's snippet is, the form's link to share, or how a server sends with the key. Said to
 * those who see keys, the ones who create channels.
 */
function nextStep(visitor: Visitor, { app, channels }: AppSetup, step: SetupStep, baseUrl: string): Html | "" {
  const w = wordsFor(visitor.language, "apps");
  if (step.made === "app") return outcome(w.appCreated(app.name));
  const channel = channels.find((c) => c.id === step.channelId);
  if (!channel?.key) return "";
  const next: Record<ChannelKind, () => Html> = {
    widget: () =>
      outcome(html`${w.widgetCreated.before} <a href="${sectionPath(app.id, "widget")}">${w.browserCollection}</a>${w.widgetCreated.after}`),
    form: () => outcome(html`${w.formCreated} ${formLink(visitor.language, baseUrl, channel.key!)}`),
    api: () =>
      outcome(
        html`<p>${w.apiCreated}</p><pre class="command"${copyable(visitor.language)}><code>${reportCommand(visitor.language, baseUrl, channel.key!)}</code></pre>`,
        {
          block: true,
        },
      ),
  };
  return next[channel.kind]();
}

/** Rows for new features under the existing ones. */
const NEW_FEATURE_ROWS = 3;

/** The feature map as a table to edit in place (path, name, minimum severity, cues), and the JSON import that replaces it whole. */
function featuresSection(visitor: Visitor, { app, features }: AppSetup, admin: boolean, notice: Notice): Html {
  const w = wordsFor(visitor.language, "apps");
  if (!admin)
    return html`<ul>${features.map((f) => html`<li><code>${f.path}</code> — ${f.name}${f.severityFloor ? ` (≥ ${f.severityFloor})` : ""}</li>`)}</ul>`;
  const refused = notice.table;
  const saved = new Map(features.map((f) => [f.id, f]));
  const shown = refused?.rows ?? [
    ...features.map((f) => ({ id: f.id, path: f.path, name: f.name, floor: f.severityFloor ?? "", cues: (f.cues ?? []).join(", "), remove: false })),
    ...Array.from({ length: NEW_FEATURE_ROWS }, () => ({ id: "", path: "", name: "", floor: "", cues: "", remove: false })),
  ];
  const rows = shown.map((row, i) => {
    const f = saved.get(row.id);
    const label = f ? `${w.featureRow} ${f.path}` : `${w.newFeature} ${i - features.length + 1}`;
    const said = (column: FeatureColumn) =>
      refusedField(`${column}-${i}-error`, refused?.row === i && refused.column === column ? refused.error : undefined);
    const [path, name, floor, cues] = [said("path"), said("name"), said("severityFloor"), said("cues")];
    return html`<tr><td data-label="${w.path}">${f ? hidden(`id-${i}`, f.id) : ""}${path.said}<input id="path-${i}" name="path-${i}" value="${row.path}" aria-label="${label}${w.colon}${w.path}" spellcheck="false"${path.marks}></td>
<td data-label="${w.name}">${name.said}<input id="name-${i}" name="name-${i}" value="${row.name}" aria-label="${label}${w.colon}${w.name}"${name.marks}></td>
<td data-label="${w.minimumSeverity}">${floor.said}<select id="floor-${i}" name="floor-${i}" aria-label="${label}${w.colon}${w.minimumSeverity}"${floor.marks}><option value="">${w.noFloor}</option>${SEVERITIES.map(
      (s) => html`<option${s === row.floor ? html` selected` : ""}>${s}</option>`,
    )}</select></td>
<td data-label="${w.cues}">${cues.said}<input id="cues-${i}" name="cues-${i}" value="${row.cues}" aria-label="${label}${w.colon}${w.cues}"${cues.marks}></td>
<td>${f ? html`<label class="choice"><input type="checkbox" name="remove-${i}" value="on"${row.remove ? html` checked` : ""}> ${w.remove}<span class="visually-hidden"> ${f.path}</span></label>` : ""}</td></tr>`;
  });
  return html`<p class="muted">${w.featuresHint}</p><form method="post" action="/settings/apps/${app.id}/features/table"><input type="hidden" name="csrf" value="${visitor.csrf}">${hidden("rows", String(rows.length))}
<div class="scroll"><table class="cards edit"><thead><tr><th scope="col">${w.path}</th><th scope="col">${w.name}</th><th scope="col">${w.minimumSeverity}</th><th scope="col">${w.cues}</th><th scope="col"></th></tr></thead><tbody>${rows}</tbody></table></div>
<button type="submit">${w.saveFeatures}</button></form>
${importForm(visitor, `/settings/apps/${app.id}/features`, `features-${app.id}`, w.importJson, w.import, notice.imported)}`;
}

/** The rows of the feature table as the page sent them. */
function tableRows(field: (name: string) => string): FeatureRow[] {
  const rows = Math.min(Number(field("rows")) || 0, MAX_FEATURES_PER_APP + NEW_FEATURE_ROWS);
  return Array.from({ length: rows }, (_, i) => ({
    id: field(`id-${i}`),
    path: field(`path-${i}`).trim(),
    name: field(`name-${i}`).trim(),
    floor: field(`floor-${i}`),
    cues: field(`cues-${i}`),
    remove: field(`remove-${i}`) === "on",
  }));
}

/**
 * The feature map a posted table describes: its rows that are not empty nor removed, each keeping
 * what the table does not show (kind, code files) from the feature it edits; `rowOf`, the row each
 * feature came from, so that a refusal is said on its row.
 */
function featuresFromTable(rows: readonly FeatureRow[], existing: readonly FeatureRecord[]): { features: FeatureFile; rowOf: number[] } {
  const byId = new Map(existing.map((f) => [f.id, f]));
  const features: FeatureFile = [];
  const rowOf: number[] = [];
  for (const [i, { id, path, name, remove, ...row }] of rows.entries()) {
    if (remove || (!path && !name)) continue;
    const before = byId.get(id);
    const floor = SEVERITIES.find((s) => s === row.floor);
    const cues = row.cues
      .split(",")
      .map((c) => c.trim())
      .filter(Boolean);
    rowOf.push(i);
    features.push({
      ...(before && { id: before.id, ...(before.kind && { kind: before.kind }), ...(before.code && { code: [...before.code] }) }),
      path,
      name,
      ...(floor && { severityFloor: floor }),
      ...(cues.length > 0 && { cues }),
    });
  }
  return { features, rowOf };
}

/** Where the app's widget may send from, and what it keeps; Admins change it, the others read it. */
function browserForm(visitor: Visitor, app: AppRecord, admin: boolean, refused?: BrowserRefusal): Html {
  const w = wordsFor(visitor.language, "apps");
  const { origins, replay, queryParams } = browserCollection(app);
  if (!admin) return html`<p>${w.allowedOrigins}${w.colon}${origins.join(", ") || "—"}</p>`;
  const shown = refused ?? { origins: origins.join("\n"), queryParams: queryParams.join(", "), replay };
  const said = (field: BrowserRefusal["field"], id: string, hint?: string) =>
    refusedField(`${id}-error`, refused?.field === field ? refused.error : undefined, hint);
  const [originsSaid, paramsSaid] = [said("origins", `origins-${app.id}`, `origins-hint-${app.id}`), said("queryParams", `params-${app.id}`)];
  return html`<form method="post" action="/settings/apps/${app.id}/browser"><input type="hidden" name="csrf" value="${visitor.csrf}">
<label for="origins-${app.id}">${w.allowedOrigins}</label><p class="muted" id="origins-hint-${app.id}">${w.originsHint}</p>${originsSaid.said}
<textarea id="origins-${app.id}" name="origins"${originsSaid.marks} spellcheck="false">${shown.origins}</textarea>
<label for="params-${app.id}">${w.keptQueryParams}</label>${paramsSaid.said}<input id="params-${app.id}" name="queryParams" value="${shown.queryParams}"${paramsSaid.marks}>
<label><input type="checkbox" name="replay" value="on"${shown.replay ? html` checked` : ""}> ${w.recordReplay}</label>
<button type="submit" class="secondary">${w.save}</button></form>`;
}

/**
 * The tag that puts the widget on a page, with the key of the app's widget channel, for those who
 * see keys; where the app has no widget channel, where to add one.
 */
function embedSection(visitor: Visitor, setup: AppSetup, baseUrl: string): Html {
  const w = wordsFor(visitor.language, "apps");
  const channel = setup.channels.find((c) => c.kind === "widget" && c.active);
  if (!channel)
    return html`<h3>${w.embedTitle}</h3><p>${w.noWidgetChannel} <a href="${sectionPath(setup.app.id, "channels")}">${w.channels}</a>.</p>`;
  if (channel.key === null) return html``;
  return html`<h3>${w.embedTitle}</h3><p>${w.embedHint}</p><pre class="command snippet"${copyable(visitor.language)}><code>${embedSnippetHtml(baseUrl, channel.key)}</code></pre>`;
}

/** Whether grouping merges the app's sure duplicates alone or leaves them to a person; Admins change it. */
function groupingForm(visitor: Visitor, app: AppRecord, admin: boolean): Html {
  const w = wordsFor(visitor.language, "apps");
  const mode = app.groupingMode ?? "auto";
  const label = (m: GroupingMode) => (m === "auto" ? w.groupingAuto : w.groupingReview);
  if (!admin) return html`<p>${label(mode)}</p>`;
  return html`<form method="post" action="/settings/apps/${app.id}/grouping"><input type="hidden" name="csrf" value="${visitor.csrf}">
<fieldset><legend class="visually-hidden">${w.grouping}</legend>${GROUPING_MODES.map(
    (m) => html`<label class="choice"><input type="radio" name="mode" value="${m}"${m === mode ? html` checked` : ""}> ${label(m)}</label><br>`,
  )}</fieldset><button type="submit" class="secondary">${w.save}</button></form>`;
}

/**
 * The JSON import that replaces a whole map or help center, folded away until someone opens it, or
 * open on the text it just refused, the error beside it.
 */
function importForm(visitor: Visitor, action: string, id: string, label: string, button: string, refused?: Notice["imported"]): Html {
  const text = refusedField(`${id}-error`, refused?.error);
  return html`<details${refused ? html` open` : ""}><summary>${label}</summary><form method="post" action="${action}"><input type="hidden" name="csrf" value="${visitor.csrf}">
<label for="${id}" class="visually-hidden">${label}</label>${text.said}<textarea id="${id}" name="json" required spellcheck="false"${text.marks}>${refused?.json ?? ""}</textarea><button type="submit" class="secondary">${button}</button></form></details>`;
}

async function planPage(services: Services, visitor: Visitor): Promise<Response> {
  const w = wordsFor(visitor.language, "plan");
  const read = await readPlan(services, visitor.grant);
  if (!read.ok)
    return settingsPage(
      visitor,
      "/settings",
      w.plan,
      html`<p class="error">${textFor(visitor.language).errors[read.code]}</p>`,
      STATUS_OF[read.code],
    );
  const { organization: org, month, used, quota } = read.value;
  return settingsPage(
    visitor,
    "/settings",
    w.plan,
    html`<dl><dt>${w.organization}</dt><dd>${org.name} (${org.keyPrefix})</dd><dt>${w.planName}</dt><dd>${w.planNames[org.plan]}</dd>
<dt>${w.quotaUse} (${formatMonth(visitor.language, month)})</dt><dd>${formatNumber(visitor.language, used)} / ${quota === null ? w.unlimited : formatNumber(visitor.language, quota)}</dd></dl>`,
  );
}

/** Settings: the plan and this month's quota, and the apps with their channels, feature maps and help centers. */
export function settingsRoutes(services: Services) {
  /**
   * After an Admin's change: back to the page it was made on (an app's section, or the list of
   * apps), or that page again with what went wrong (a 403 for others).
   */
  const afterChange = async (
    visitor: Visitor,
    cookie: CookieJar,
    result: Result<unknown>,
    on: { appId: string; section: AppSection } | null,
    what?: string,
    newApp?: Notice["newApp"],
  ) => {
    if (result.ok && on && on.section !== "channels") {
      // Said once on the tab it was made on: the form alone, shown again as it was sent, says nothing.
      const text = wordsFor(visitor.language, "apps").sectionSaved(sectionTitles(visitor)[on.section]);
      return redirectWithFlash(services, cookie, { kind: "notice", text }, sectionPath(on.appId, on.section));
    }
    if (result.ok) return redirect(on ? sectionPath(on.appId, on.section) : "/settings/apps");
    const notice = result.code === "invalid_body" && what ? { error: what, ofField: true, status: STATUS_OF[result.code] } : refusal(visitor, result);
    return on ? appSectionPage(services, visitor, on.appId, on.section, notice) : appsPage(services, visitor, { ...notice, newApp });
  };
  /**
   * An import file refused for what it holds (it cannot be read, or a feature in it is wrong): said
   * beside its text, kept as pasted, its section opened. Unreadable, it is refused as the API refuses
   * a body it cannot read, before anything asks who sent it.
   */
  const importRefused = (visitor: Visitor, on: { appId: string; section: "features" | "help" }, json: string, error: string) =>
    appSectionPage(services, visitor, on.appId, on.section, { status: 400, imported: { json, error } });
  /** What is wrong in a file, named by the file (« Feature map: features.2.name: expected a non-empty text »). */
  const fileProblem = (visitor: Visitor, section: "features" | "help", problem: FieldProblem) => {
    const w = wordsFor(visitor.language, "apps");
    return `${w[section === "features" ? "featureMap" : "helpCenter"]}${w.colon}${describeProblem(problem, visitor.language)}`;
  };
  /**
   * A feature table refused: a field of a row, beside that field, in words (« Name: expected a
   * non-empty text »), the table kept as sent; else `whole`, of the map as a whole (too many features), above it.
   */
  const tableRefused = (
    visitor: Visitor,
    appId: string,
    sent: { rows: readonly FeatureRow[]; rowOf: readonly number[] },
    problem: FieldProblem,
    whole: string,
  ) => {
    const w = wordsFor(visitor.language, "apps");
    const { rows, rowOf } = sent;
    const [, feature, name] = /^features\.(\d+)\.(\w+)/.exec(problem.field) ?? [];
    const column = FEATURE_COLUMNS.find((c) => c === name);
    const row = rowOf[Number(feature)];
    if (!column || row === undefined) return appSectionPage(services, visitor, appId, "features", { status: 400, error: whole });
    const labels = { path: w.path, name: w.name, severityFloor: w.minimumSeverity, cues: w.cues };
    const error = describeFieldProblem({ ...problem, field: column }, visitor.language, labels);
    return appSectionPage(services, visitor, appId, "features", { status: 400, table: { rows, row, column, error } });
  };

  return new Elysia({ name: "routes/settings" })
    .get("/settings", ({ request, cookie }) => asMember(services, { request, cookie }, (visitor) => planPage(services, visitor)), {
      detail: { hide: true },
    })
    .get("/settings/apps", ({ request, cookie }) => asMember(services, { request, cookie }, (visitor) => appsPage(services, visitor)), {
      detail: { hide: true },
    })
    .get("/settings/apps/:id", ({ params }) => redirect(sectionPath(params.id, "channels")), { detail: { hide: true } })
    .get(
      "/settings/apps/:id/:section",
      ({ request, cookie, params }) =>
        asMember(services, { request, cookie }, async (visitor) => {
          const section = APP_SECTIONS.find((s) => s === params.section);
          if (!section) return notFoundPage(visitor, "not_found");
          // The set-up's next step is said on the Channels tab, where its forms lead back to; what
          // was saved, on the tab it was saved on.
          const step = section === "channels" ? await takeSetupStep(services, { request, cookie }) : undefined;
          const saved = section === "channels" ? undefined : await takeNotice(services, { request, cookie });
          return appSectionPage(services, visitor, params.id, section, { ...(step && { step }), ...(saved && { saved }) });
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/apps",
      ({ request, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const w = wordsFor(visitor.language, "apps");
          const kind = APP_KINDS.find((k) => k === field("kind"));
          const created = kind ? await createApp(services, visitor.grant, { name: field("name"), kind }) : fail("invalid_body");
          // A name that would read as something else comes back without what made it so, and says
          // so; any other, as the name the form needs.
          const unreadable = !created.ok && created.problem?.reason === "reordering";
          const what = unreadable ? reorderingRemoved(visitor.language, w.name) : w.nameNeeded;
          const name = unreadable ? withoutReordering(field("name")) : field("name");
          // Refused, the form keeps what was typed, to be corrected rather than typed again.
          if (!created.ok) return afterChange(visitor, cookie, created, null, what, { name, kind: field("kind") });
          // On to its channels, without which nothing can send it feedback.
          const step = { appId: created.value.id, made: "app" } as const;
          return redirectWithFlash(services, cookie, { kind: "setup", step }, sectionPath(step.appId, "channels"));
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/apps/:id/channels",
      ({ request, body, params, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const kind = CHANNEL_KINDS.find((k) => k === field("kind"));
          const added = kind ? await addChannel(services, visitor.grant, params.id, kind) : fail("invalid_body");
          if (added.ok) {
            const step = { appId: params.id, made: "channel", channelId: added.value.id } as const;
            return redirectWithFlash(services, cookie, { kind: "setup", step }, sectionPath(params.id, "channels"));
          }
          return afterChange(visitor, cookie, added, { appId: params.id, section: "channels" }, wordsFor(visitor.language, "apps").kind);
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/apps/:id/browser",
      ({ request, body, params, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const words = (name: string) =>
            field(name)
              .split(/[\s,]+/)
              .filter(Boolean);
          const changes = { origins: words("origins"), queryParams: words("queryParams"), replay: field("replay") === "on" };
          const set = await setBrowserCollection(services, visitor.grant, params.id, changes);
          // An origin or a parameter refused is said beside its field, by its label, what was typed kept in the form.
          const refusedName = set.ok ? undefined : (["origins", "queryParams"] as const).find((f) => f === set.problem?.field.split(".")[0]);
          if (!set.ok && refusedName) {
            const w = wordsFor(visitor.language, "apps");
            const problem = { ...set.problem!, field: refusedName };
            const error = describeFieldProblem(problem, visitor.language, { origins: w.allowedOrigins, queryParams: w.keptQueryParams });
            const browser = { origins: field("origins"), queryParams: field("queryParams"), replay: changes.replay, field: refusedName, error };
            return appSectionPage(services, visitor, params.id, "widget", { status: STATUS_OF[set.code], browser });
          }
          return afterChange(visitor, cookie, set, { appId: params.id, section: "widget" });
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/apps/:id/grouping",
      ({ request, body, params, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const mode = GROUPING_MODES.find((m) => m === field("mode"));
          const set = mode ? await setGroupingMode(services, visitor.grant, params.id, mode) : fail("invalid_body");
          return afterChange(visitor, cookie, set, { appId: params.id, section: "grouping" }, wordsFor(visitor.language, "apps").grouping);
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/apps/:id/tracker",
      ({ request, body, params, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const sent = {
            provider: field("provider"),
            project: field("project").trim(),
            site: field("site").trim(),
            email: field("email").trim(),
            apiUrl: field("apiUrl").trim(),
          };
          // A blank token keeps the one saved: the form never shows it back.
          const configured = await configureTracker(
            services,
            visitor.grant,
            params.id,
            sent.provider,
            {
              ...sent,
              token: field("token") || undefined,
              apiUrl: sent.apiUrl || undefined,
            },
            services.trackerAddresses,
          );
          // Said on the page rather than after a redirect: the secret is shown this once, as tracker set prints it.
          const notice: Notice = configured.ok
            ? { tracker: { saved: configured.value } }
            : configured.problem
              ? { status: STATUS_OF[configured.code], tracker: { refused: configured.problem, sent } }
              : refusal(visitor, configured);
          return appSectionPage(services, visitor, params.id, "tracker", notice);
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/apps/:id/tracker/statuses",
      ({ request, body, params, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const entries = Object.fromEntries(STATUSES.map((status) => [status, field(`state.${status}`)]));
          const set = await setTrackerStatuses(services, visitor.grant, params.id, entries);
          // A refused state is said beside its field, the names sent kept in theirs.
          if (!set.ok && set.problem && (STATUSES as readonly string[]).includes(set.problem.field)) {
            const tracker = { statesRefused: set.problem, statesSent: entries };
            return appSectionPage(services, visitor, params.id, "tracker", { status: STATUS_OF[set.code], tracker });
          }
          return afterChange(visitor, cookie, set, { appId: params.id, section: "tracker" });
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/channels/:id/active",
      ({ request, body, params, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const active = field("active") === "yes";
          const w = wordsFor(visitor.language, "apps");
          // The form names its app, to come back to its channels; without it, to the list of apps.
          const on = field("app") ? { appId: field("app"), section: "channels" as const } : null;
          const ask = {
            action: `/settings/channels/${params.id}/active`,
            question: w.confirmDisableChannel,
            label: w.disable,
            back: on ? sectionPath(on.appId, on.section) : "/settings/apps",
          };
          // Enabling harms nothing: only disabling asks first.
          const asking = active
            ? null
            : unconfirmed(visitor, field, { ...ask, fields: html`${hidden("active", "no")}${on ? hidden("app", on.appId) : ""}` });
          return asking ?? afterChange(visitor, cookie, await setChannelActive(services, visitor.grant, params.id, active), on);
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/apps/:id/features",
      ({ request, body, params, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const on = { appId: params.id, section: "features" as const };
          const parsed = parseFile(FeatureFile, field("json"), "features");
          if ("problem" in parsed) return importRefused(visitor, on, field("json"), fileProblem(visitor, "features", parsed.problem));
          const imported = await importFeatures(services, visitor.grant, params.id, parsed.value);
          if (!imported.ok && imported.problem) return importRefused(visitor, on, field("json"), refusal(visitor, imported).error);
          return afterChange(visitor, cookie, imported, on);
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/apps/:id/features/table",
      ({ request, body, params, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const on = { appId: params.id, section: "features" as const };
          const listed = await listAppSetup(services, visitor.grant, params.id);
          const rows = tableRows(field);
          const { features, rowOf } = featuresFromTable(rows, listed.ok ? (listed.value[0]?.features ?? []) : []);
          const checked = checkFile(FeatureFile, features, "features");
          if ("problem" in checked)
            return tableRefused(visitor, params.id, { rows, rowOf }, checked.problem, fileProblem(visitor, "features", checked.problem));
          const imported = await importFeatures(services, visitor.grant, params.id, checked.value);
          if (!imported.ok && imported.problem)
            return tableRefused(visitor, params.id, { rows, rowOf }, imported.problem, refusal(visitor, imported).error);
          return afterChange(visitor, cookie, imported, on);
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/apps/:id/help",
      ({ request, body, params, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const on = { appId: params.id, section: "help" as const };
          const parsed = parseFile(ArticleFile, field("json"), "articles");
          if ("problem" in parsed) return importRefused(visitor, on, field("json"), fileProblem(visitor, "help", parsed.problem));
          return afterChange(visitor, cookie, await importHelpArticles(services, visitor.grant, params.id, parsed.value), on);
        }),
      { detail: { hide: true } },
    );
}
