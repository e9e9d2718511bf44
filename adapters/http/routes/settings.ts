import { Elysia } from "elysia";
import { ArticleFile, FeatureFile, parseFile } from "../../../core/catalog-files.ts";
import { monthlyQuota, quotaMonth } from "../../../core/limits.ts";
import { type AppRecord, CHANNEL_KINDS } from "../../../core/model.ts";
import { textFor } from "../catalog/text.ts";
import { APP_KINDS } from "../../../core/schemas/catalog.ts";
import type { Services } from "../../../core/services.ts";
import { addChannel, createApp, importFeatures, importHelpArticles } from "../../../core/use-cases/manage-catalog.ts";
import { type Html, html, redirect } from "../html.ts";
import { asMember, asMemberPosting } from "../web/layout.ts";
import { hidden, isAdmin, postButton, settingsPage } from "../web/settings-page.ts";
import type { Visitor } from "../web/visitor.ts";
import { wordsFor } from "../web/words.ts";

type Notice = { readonly error?: string; readonly status?: number };

async function planPage(services: Services, visitor: Visitor): Promise<Response> {
  const w = wordsFor(visitor.language);
  const org = await services.store.findOrganization(visitor.grant.orgId);
  const month = quotaMonth(services.clock()).month;
  const used = await services.store.quotaUsed(visitor.grant.orgId, month);
  const limit = org ? monthlyQuota(org.plan, org.quotaOverride) : null;
  return settingsPage(
    visitor,
    "/settings",
    w.plan,
    html`<dl><dt>${w.organization}</dt><dd>${org?.name ?? ""} (${org?.keyPrefix ?? ""})</dd><dt>${w.planName}</dt><dd>${org?.plan ?? ""}</dd>
<dt>${w.quotaUse} (${month})</dt><dd>${used} / ${limit ?? w.unlimited}</dd></dl>`,
  );
}

async function appsPage(services: Services, visitor: Visitor, notice: Notice = {}): Promise<Response> {
  const w = wordsFor(visitor.language);
  const { store } = services;
  const orgId = visitor.grant.orgId;
  const admin = isAdmin(visitor);
  const [apps, channels] = await Promise.all([store.listApps(orgId), store.listChannels(orgId)]);
  const sections = await Promise.all(
    apps.map(async (app) => {
      const [features, articles] = await Promise.all([store.listFeatures(orgId, app.id), store.listHelpArticles(orgId, app.id)]);
      const own = channels.filter((c) => c.appId === app.id);
      const channelRows = own.map(
        (c) => html`<tr><td>${c.kind}</td><td>${admin ? html`<code>${c.key}</code>` : "••••"}</td><td>${c.active ? w.active : w.disabled}</td>
<td>${admin ? postButton(visitor, `/settings/channels/${c.id}/active`, c.active ? w.disable : w.enable, hidden("active", c.active ? "no" : "yes")) : ""}</td></tr>`,
      );
      return html`<section aria-labelledby="app-${app.id}"><h2 id="app-${app.id}">${app.name} <span class="muted">(${app.kind})</span></h2>
<h3>${w.channels}</h3><div class="scroll"><table><thead><tr><th scope="col">${w.kind}</th><th scope="col">${w.key}</th><th scope="col">${w.status}</th><th scope="col"></th></tr></thead><tbody>${channelRows}</tbody></table></div>
${
  admin
    ? html`<form method="post" action="/settings/apps/${app.id}/channels"><input type="hidden" name="csrf" value="${visitor.csrf}">
<label for="channel-kind-${app.id}">${w.createChannel}</label><select id="channel-kind-${app.id}" name="kind">${CHANNEL_KINDS.map((k) => html`<option>${k}</option>`)}</select>
<button type="submit" class="secondary">${w.create}</button></form>`
    : ""
}
<h3>${w.featureMap}</h3>
<ul>${features.map((f) => html`<li><code>${f.path}</code> — ${f.name}${f.severityFloor ? ` (≥ ${f.severityFloor})` : ""}</li>`)}</ul>
${admin ? importForm(visitor, `/settings/apps/${app.id}/features`, `features-${app.id}`, w.importJson, w.import) : ""}
<h3>${w.helpCenter}</h3><p>${articles.length} ${w.articles}</p>
${admin ? importForm(visitor, `/settings/apps/${app.id}/help`, `help-${app.id}`, w.importHelp, w.import) : ""}
</section>`;
    }),
  );
  const createForm = admin
    ? html`<h2>${w.createApp}</h2><form method="post" action="/settings/apps"><input type="hidden" name="csrf" value="${visitor.csrf}">
<label for="app-name">${w.name}</label><input id="app-name" name="name" required maxlength="100">
<label for="app-kind">${w.kind}</label><select id="app-kind" name="kind">${APP_KINDS.map((k) => html`<option>${k}</option>`)}</select>
<button type="submit">${w.create}</button></form>`
    : html`<p class="muted">${w.adminsOnly}</p>`;
  const error = notice.error ? html`<p class="error" role="alert">${notice.error}</p>` : "";
  return settingsPage(visitor, "/settings/apps", w.apps, html`${error}${sections}${createForm}`, notice.status);
}

const importForm = (visitor: Visitor, action: string, id: string, label: string, button: string): Html =>
  html`<form method="post" action="${action}"><input type="hidden" name="csrf" value="${visitor.csrf}">
<label for="${id}">${label}</label><textarea id="${id}" name="json" required spellcheck="false"></textarea><button type="submit" class="secondary">${button}</button></form>`;

/** Settings: the plan and this month's quota, and the apps with their channels, feature maps and help centers. */
export function settingsRoutes(services: Services) {
  /** Runs an Admin's change to an app of their organization; others see the page unchanged, with a 403. */
  const onApp = (
    request: Request,
    body: unknown,
    appId: string,
    change: (app: AppRecord, field: (name: string) => string, visitor: Visitor) => Promise<Response>,
  ) =>
    asMemberPosting(services, request, body, async (visitor, field) => {
      const w = wordsFor(visitor.language);
      if (!isAdmin(visitor)) return appsPage(services, visitor, { error: w.adminsOnly, status: 403 });
      const app = await services.store.findApp(visitor.grant.orgId, appId);
      if (!app) return appsPage(services, visitor, { error: textFor(visitor.language).errors.not_found, status: 404 });
      return change(app, field, visitor);
    });

  return new Elysia({ name: "routes/settings" })
    .get("/settings", ({ request }) => asMember(services, request, (visitor) => planPage(services, visitor)), { detail: { hide: true } })
    .get("/settings/apps", ({ request }) => asMember(services, request, (visitor) => appsPage(services, visitor)), { detail: { hide: true } })
    .post(
      "/settings/apps",
      ({ request, body }) =>
        asMemberPosting(services, request, body, async (visitor, field) => {
          const w = wordsFor(visitor.language);
          if (!isAdmin(visitor)) return appsPage(services, visitor, { error: w.adminsOnly, status: 403 });
          const name = field("name").trim();
          const kind = APP_KINDS.find((k) => k === field("kind"));
          if (!name || name.length > 100 || !kind) return appsPage(services, visitor, { error: `${w.name} / ${w.kind}`, status: 400 });
          await createApp(services, visitor.grant.orgId, { name, kind });
          return redirect("/settings/apps");
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/apps/:id/channels",
      ({ request, body, params }) =>
        onApp(request, body, params.id, async (app, field, visitor) => {
          const kind = CHANNEL_KINDS.find((k) => k === field("kind"));
          if (!kind) return appsPage(services, visitor, { error: wordsFor(visitor.language).kind, status: 400 });
          await addChannel(services, app, kind);
          return redirect("/settings/apps");
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/channels/:id/active",
      ({ request, body, params }) =>
        asMemberPosting(services, request, body, async (visitor, field) => {
          if (!isAdmin(visitor)) return appsPage(services, visitor, { error: wordsFor(visitor.language).adminsOnly, status: 403 });
          await services.store.setChannelActive(visitor.grant.orgId, params.id, field("active") === "yes");
          return redirect("/settings/apps");
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/apps/:id/features",
      ({ request, body, params }) =>
        onApp(request, body, params.id, async (app, field, visitor) => {
          const parsed = parseFile(FeatureFile, field("json"));
          if ("error" in parsed)
            return appsPage(services, visitor, { error: `${wordsFor(visitor.language).featureMap}: ${parsed.error}`, status: 400 });
          await importFeatures(services, app, parsed.value);
          return redirect("/settings/apps");
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/apps/:id/help",
      ({ request, body, params }) =>
        onApp(request, body, params.id, async (app, field, visitor) => {
          const parsed = parseFile(ArticleFile, field("json"));
          if ("error" in parsed)
            return appsPage(services, visitor, { error: `${wordsFor(visitor.language).helpCenter}: ${parsed.error}`, status: 400 });
          await importHelpArticles(services, app, parsed.value);
          return redirect("/settings/apps");
        }),
      { detail: { hide: true } },
    );
}
