import { Elysia } from "elysia";
import { ArticleFile, FeatureFile, parseFile } from "../../../core/catalog-files.ts";
import { can } from "../../../core/authorization.ts";
import { fail, type Result } from "../../../core/errors.ts";
import { readPlan } from "../../../core/organizations/read-plan.ts";
import { STATUS_OF } from "../error-status.ts";
import { CHANNEL_KINDS } from "../../../core/model.ts";
import { errorBody, textFor } from "../catalog/text.ts";
import { APP_KINDS } from "../../../core/schemas/catalog.ts";
import type { Services } from "../../../core/services.ts";
import { addChannel } from "../../../core/apps/add-channel.ts";
import { browserCollection } from "../../../core/apps/browser-collection.ts";
import type { AppRecord } from "../../../core/model.ts";
import { setBrowserCollection } from "../../../core/apps/set-browser-collection.ts";
import { setGroupingMode } from "../../../core/apps/set-grouping-mode.ts";
import { GROUPING_MODES, type GroupingMode } from "../../../core/grouping/decision.ts";
import { APP_NAME_MAX_LENGTH, createApp } from "../../../core/apps/create-app.ts";
import { importFeatures } from "../../../core/apps/import-features.ts";
import { importHelpArticles } from "../../../core/apps/import-help-articles.ts";
import { listAppSetup } from "../../../core/apps/list-app-setup.ts";
import { setChannelActive } from "../../../core/apps/set-channel-active.ts";
import { type Html, html, redirect } from "../html.ts";
import { asMember, asMemberPosting } from "../web/layout.ts";
import { hidden, postButton, settingsPage, unconfirmed } from "../web/settings-page.ts";
import type { Visitor } from "../web/visitor.ts";
import { wordsFor } from "../web/words.ts";
import { STATUSES } from "../../../core/schemas/feedback.ts";
import { setTrackerStatuses } from "../../../core/trackers/set-tracker-statuses.ts";
import { trackerSection } from "../web/tracker-section.ts";

type Notice = { readonly error?: string; readonly status?: number };

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
    html`<dl><dt>${w.organization}</dt><dd>${org.name} (${org.keyPrefix})</dd><dt>${w.planName}</dt><dd>${org.plan}</dd>
<dt>${w.quotaUse} (${month})</dt><dd>${used} / ${quota ?? w.unlimited}</dd></dl>`,
  );
}

async function appsPage(services: Services, visitor: Visitor, notice: Notice = {}): Promise<Response> {
  const w = wordsFor(visitor.language, "apps");
  const admin = can(visitor.grant, "organization.manage");
  const listed = await listAppSetup(services, visitor.grant);
  const sections = (listed.ok ? listed.value : []).map(async ({ app, channels, features, helpArticles }) => {
    const channelRows = channels.map(
      (
        c,
      ) => html`<tr><td data-label="${w.kind}">${c.kind}</td><td data-label="${w.key}">${c.key ? html`<code>${c.key}</code>` : "••••"}</td><td data-label="${w.status}">${c.active ? w.active : w.disabled}</td>
<td>${admin ? postButton(visitor, `/settings/channels/${c.id}/active`, c.active ? w.disable : w.enable, hidden("active", c.active ? "no" : "yes")) : ""}</td></tr>`,
    );
    return html`<section aria-labelledby="app-${app.id}"><h2 id="app-${app.id}">${app.name} <span class="muted">(${app.kind})</span></h2>
<h3>${w.channels}</h3><div class="scroll"><table class="cards"><thead><tr><th scope="col">${w.kind}</th><th scope="col">${w.key}</th><th scope="col">${w.status}</th><th scope="col"></th></tr></thead><tbody>${channelRows}</tbody></table></div>
${
  admin
    ? html`<form method="post" action="/settings/apps/${app.id}/channels"><input type="hidden" name="csrf" value="${visitor.csrf}">
<label for="channel-kind-${app.id}">${w.createChannel}</label><select id="channel-kind-${app.id}" name="kind">${CHANNEL_KINDS.map((k) => html`<option>${k}</option>`)}</select>
<button type="submit" class="secondary">${w.create}</button></form>`
    : ""
}
${browserForm(visitor, app, admin)}
${groupingForm(visitor, app, admin)}
<h3>${w.featureMap}</h3>
<ul>${features.map((f) => html`<li><code>${f.path}</code> — ${f.name}${f.severityFloor ? ` (≥ ${f.severityFloor})` : ""}</li>`)}</ul>
${admin ? importForm(visitor, `/settings/apps/${app.id}/features`, `features-${app.id}`, w.importJson, w.import) : ""}
<h3>${w.helpCenter}</h3><p>${helpArticles} ${w.articles}</p>
${admin ? importForm(visitor, `/settings/apps/${app.id}/help`, `help-${app.id}`, w.importHelp, w.import) : ""}
${await trackerSection(services, visitor, app, admin)}
</section>`;
  });
  const createForm = admin
    ? html`<h2>${w.createApp}</h2><form method="post" action="/settings/apps"><input type="hidden" name="csrf" value="${visitor.csrf}">
<label for="app-name">${w.name}</label><input id="app-name" name="name" required maxlength="${APP_NAME_MAX_LENGTH}">
<label for="app-kind">${w.kind}</label><select id="app-kind" name="kind">${APP_KINDS.map((k) => html`<option>${k}</option>`)}</select>
<button type="submit">${w.create}</button></form>`
    : html`<p class="muted">${w.adminsOnly}</p>`;
  const error = notice.error ? html`<p class="error" role="alert">${notice.error}</p>` : "";
  return settingsPage(visitor, "/settings/apps", w.apps, html`${error}${await Promise.all(sections)}${createForm}`, notice.status);
}

/** Where the app's widget may send from, and what it keeps; Admins change it, the others read it. */
function browserForm(visitor: Visitor, app: AppRecord, admin: boolean): Html {
  const w = wordsFor(visitor.language, "apps");
  const { origins, replay, queryParams } = browserCollection(app);
  if (!admin) return html`<h3>${w.browserCollection}</h3><p>${w.allowedOrigins}: ${origins.join(", ") || "—"}</p>`;
  return html`<h3>${w.browserCollection}</h3><form method="post" action="/settings/apps/${app.id}/browser"><input type="hidden" name="csrf" value="${visitor.csrf}">
<label for="origins-${app.id}">${w.allowedOrigins}</label><p class="muted" id="origins-hint-${app.id}">${w.originsHint}</p>
<textarea id="origins-${app.id}" name="origins" aria-describedby="origins-hint-${app.id}" spellcheck="false">${origins.join("\n")}</textarea>
<label for="params-${app.id}">${w.keptQueryParams}</label><input id="params-${app.id}" name="queryParams" value="${queryParams.join(", ")}">
<label><input type="checkbox" name="replay" value="on"${replay ? html` checked` : ""}> ${w.recordReplay}</label>
<button type="submit" class="secondary">${w.save}</button></form>`;
}

/** Whether grouping merges the app's sure duplicates alone or leaves them to a person; Admins change it. */
function groupingForm(visitor: Visitor, app: AppRecord, admin: boolean): Html {
  const w = wordsFor(visitor.language, "apps");
  const mode = app.groupingMode ?? "auto";
  const label = (m: GroupingMode) => (m === "auto" ? w.groupingAuto : w.groupingReview);
  if (!admin) return html`<h3>${w.grouping}</h3><p>${label(mode)}</p>`;
  return html`<h3>${w.grouping}</h3><form method="post" action="/settings/apps/${app.id}/grouping"><input type="hidden" name="csrf" value="${visitor.csrf}">
<fieldset><legend class="visually-hidden">${w.grouping}</legend>${GROUPING_MODES.map(
    (m) => html`<label class="choice"><input type="radio" name="mode" value="${m}"${m === mode ? html` checked` : ""}> ${label(m)}</label><br>`,
  )}</fieldset><button type="submit" class="secondary">${w.save}</button></form>`;
}

const importForm = (visitor: Visitor, action: string, id: string, label: string, button: string): Html =>
  html`<form method="post" action="${action}"><input type="hidden" name="csrf" value="${visitor.csrf}">
<label for="${id}">${label}</label><textarea id="${id}" name="json" required spellcheck="false"></textarea><button type="submit" class="secondary">${button}</button></form>`;

/** Settings: the plan and this month's quota, and the apps with their channels, feature maps and help centers. */
export function settingsRoutes(services: Services) {
  /** After an Admin's change: back to the page, or the page again with what went wrong (a 403 for others). */
  const afterChange = (visitor: Visitor, result: Result<unknown>, what?: string): Promise<Response> | Response => {
    if (result.ok) return redirect("/settings/apps");
    const error =
      result.code === "forbidden"
        ? wordsFor(visitor.language, "apps").adminsOnly
        : result.code === "invalid_body" && what
          ? what
          : errorBody(result.code, visitor.language, result.problem).error;
    return appsPage(services, visitor, { error, status: STATUS_OF[result.code] });
  };
  /** An import file that cannot be read: said to those who may import, forbidden to the others. */
  const unreadable = (visitor: Visitor, why: string) =>
    afterChange(visitor, can(visitor.grant, "organization.manage") ? fail("invalid_body") : fail("forbidden"), why);

  return new Elysia({ name: "routes/settings" })
    .get("/settings", ({ request, cookie }) => asMember(services, { request, cookie }, (visitor) => planPage(services, visitor)), {
      detail: { hide: true },
    })
    .get("/settings/apps", ({ request, cookie }) => asMember(services, { request, cookie }, (visitor) => appsPage(services, visitor)), {
      detail: { hide: true },
    })
    .post(
      "/settings/apps",
      ({ request, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const w = wordsFor(visitor.language, "apps");
          const kind = APP_KINDS.find((k) => k === field("kind"));
          const created = kind ? await createApp(services, visitor.grant, { name: field("name"), kind }) : fail("invalid_body");
          return afterChange(visitor, created, `${w.name} / ${w.kind}`);
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/apps/:id/channels",
      ({ request, body, params, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const kind = CHANNEL_KINDS.find((k) => k === field("kind"));
          const added = kind ? await addChannel(services, visitor.grant, params.id, kind) : fail("invalid_body");
          return afterChange(visitor, added, wordsFor(visitor.language, "apps").kind);
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
          return afterChange(
            visitor,
            await setBrowserCollection(services, visitor.grant, params.id, changes),
            wordsFor(visitor.language, "apps").originsHint,
          );
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/apps/:id/grouping",
      ({ request, body, params, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const mode = GROUPING_MODES.find((m) => m === field("mode"));
          const set = mode ? await setGroupingMode(services, visitor.grant, params.id, mode) : fail("invalid_body");
          return afterChange(visitor, set, wordsFor(visitor.language, "apps").grouping);
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/apps/:id/tracker/statuses",
      ({ request, body, params, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const entries = Object.fromEntries(STATUSES.map((status) => [status, field(`state.${status}`)]));
          return afterChange(visitor, await setTrackerStatuses(services, visitor.grant, params.id, entries));
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/channels/:id/active",
      ({ request, body, params, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const active = field("active") === "yes";
          const w = wordsFor(visitor.language, "apps");
          const ask = {
            action: `/settings/channels/${params.id}/active`,
            question: w.confirmDisableChannel,
            label: w.disable,
            back: "/settings/apps",
          };
          // Enabling harms nothing: only disabling asks first.
          const asking = active ? null : unconfirmed(visitor, field, { ...ask, fields: hidden("active", "no") });
          return asking ?? afterChange(visitor, await setChannelActive(services, visitor.grant, params.id, active));
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/apps/:id/features",
      ({ request, body, params, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const parsed = parseFile(FeatureFile, field("json"));
          if ("error" in parsed) return unreadable(visitor, `${wordsFor(visitor.language, "apps").featureMap}: ${parsed.error}`);
          return afterChange(visitor, await importFeatures(services, visitor.grant, params.id, parsed.value));
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/apps/:id/help",
      ({ request, body, params, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const parsed = parseFile(ArticleFile, field("json"));
          if ("error" in parsed) return unreadable(visitor, `${wordsFor(visitor.language, "apps").helpCenter}: ${parsed.error}`);
          return afterChange(visitor, await importHelpArticles(services, visitor.grant, params.id, parsed.value));
        }),
      { detail: { hide: true } },
    );
}
