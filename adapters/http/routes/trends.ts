import { Elysia } from "elysia";
import { KINDS } from "../../../core/schemas/feedback.ts";
import { TREND_PERIODS } from "../../../core/schemas/trends.ts";
import type { Services } from "../../../core/services.ts";
import { getAppTrends } from "../../../core/trends/get-app-trends.ts";
import { getOrganizationTrends } from "../../../core/trends/get-organization-trends.ts";
import { listApps } from "../../../core/catalog/list-apps.ts";
import { can } from "../../../core/authorization.ts";
import { textFor } from "../catalog/text.ts";
import { type Html, html } from "../html.ts";
import { horizontalBars, stackedBars } from "../web/charts.ts";
import { namedFeatures } from "../web/feature-filter.ts";
import { appPage, asMember } from "../web/layout.ts";
import type { Visitor } from "../web/visitor.ts";
import { formatDay, formatNumber, valueName, wordsFor } from "../web/words.ts";

/** How many features the chart by feature names. */
const FEATURES_SHOWN = 10;

type NamedFeature = { readonly id: string; readonly path: string; readonly name: string; readonly app?: string };

/**
 * How the page names the features it shows: by name, as the inbox's filter does (namedFeatures), with its path
 * beside where two features of one app share a name; among every app's, after its app's name,
 * since two apps may name a feature alike.
 */
function featureNames(features: readonly NamedFeature[]): (feature: NamedFeature) => string {
  const named = namedFeatures(features, (f) => `${f.app ?? ""}\n${f.name}`);
  return (f) => (f.app ? `${f.app} › ${named(f)}` : named(f));
}

/** The inbox's feedbacks of a feature, whatever their status, as the chart counts their reports. */
const inboxOf = (feature: { readonly id: string }): string => `/inbox?status=all&featureId=${encodeURIComponent(feature.id)}`;

const fill = (text: string, values: Record<string, number>): string => text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ""));

/** No app to chart: an Admin is led to Settings → Apps, where the first is made, as the empty inbox does; the others are told who makes one. */
function noApps(visitor: Visitor): Html {
  const w = wordsFor(visitor.language, "trends");
  if (!can(visitor.grant, "organization.manage")) return html`<p class="empty">${w.noApps}</p>`;
  return html`<p class="empty">${w.noAppsAdmin} <a href="/settings/apps">${w.appsSettings}</a>.</p>`;
}

/** The trends of an app, or of every app together: reports per day by kind, by feature, and the features growing this week, all readable without JavaScript. */
async function trendsPage(services: Services, visitor: Visitor, request: Request): Promise<Response> {
  const w = wordsFor(visitor.language, "trends");
  const lang = visitor.language;
  const params = new URL(request.url).searchParams;
  const listed = await listApps(services, visitor.grant);
  const apps = listed.ok ? listed.value.data : [];
  if (apps.length === 0) return appPage(visitor, "/trends", w.trends, html`<h1>${w.trends}</h1>${noApps(visitor)}`);
  // With several apps, all of them together unless one is chosen; one app is all there is.
  const app = apps.find((a) => a.id === params.get("appId")) ?? (apps.length > 1 ? null : apps[0]!);
  const days = TREND_PERIODS.find((p) => p === params.get("days")) ?? "30";
  const read = app ? await getAppTrends(services, visitor.grant, app.id, { days }) : await getOrganizationTrends(services, visitor.grant, { days });
  if (!read.ok)
    return appPage(visitor, "/trends", w.trends, html`<h1>${w.trends}</h1><p class="error" role="alert">${textFor(lang).errors[read.code]}</p>`, 404);
  const shownName = app ? app.name : w.allApps;
  const t = read.value;
  const totals = t.dates.map((_, i) => KINDS.reduce((sum, k) => sum + t.byKind[k][i]!, 0));
  const total = totals.reduce((a, b) => a + b, 0);
  // Days written as every other page writes them, not as the API's ISO dates.
  const shownDays = t.dates.map((date) => formatDay(lang, date, "medium"));
  const series = KINDS.map((k) => ({ name: valueName(lang, k), className: `kind-${k}`, values: t.byKind[k] }));
  const filters = html`<form method="get" action="/trends" class="filters" aria-label="${w.filters}">
<div><label for="app">${w.app}</label><select id="app" name="appId">${apps.length > 1 ? html`<option value=""${app ? "" : html` selected`}>${w.allApps}</option>` : ""}${apps.map((a) => html`<option value="${a.id}"${a.id === app?.id ? html` selected` : ""}>${a.name}</option>`)}</select></div>
<div><label for="days">${w.period}</label><select id="days" name="days">${TREND_PERIODS.map((p) => html`<option value="${p}"${p === days ? html` selected` : ""}>${fill(w.lastDays, { n: Number(p) })}</option>`)}</select></div>
<div><button type="submit">${w.apply}</button></div></form>`;
  const perDay = stackedBars(
    "per-day",
    {
      title: `${w.reportsPerDay} · ${shownName}`,
      summary: w.reportsPerDaySummary(total, formatNumber(lang, total), t.days, formatNumber(lang, Math.max(0, ...totals))),
      colon: w.colon,
    },
    shownDays,
    series,
  );
  const featureName = featureNames([
    ...t.byFeature.slice(0, FEATURES_SHOWN).flatMap((f) => (f.feature ? [f.feature] : [])),
    ...t.growing.map((g) => g.feature),
  ]);
  const features = t.byFeature
    .slice(0, FEATURES_SHOWN)
    .map((f) => ({ label: f.feature ? featureName(f.feature) : w.noFeature, value: f.total, ...(f.feature && { href: inboxOf(f.feature) }) }));
  const growing =
    t.growing.length === 0
      ? html`<p class="muted">${w.growingNone}</p>`
      : html`<div class="scroll"><table class="cards"><thead><tr><th scope="col">${w.feature}</th><th scope="col" class="num">${w.thisWeek}</th><th scope="col" class="num">${w.lastWeek}</th><th scope="col" class="num">${w.change}</th></tr></thead>
<tbody>${t.growing.map(
          (g) =>
            html`<tr><td class="title to-list"><a href="${inboxOf(g.feature)}">${featureName(g.feature)}</a></td><td class="num" data-label="${w.thisWeek}">${g.thisWeek}</td><td class="num" data-label="${w.lastWeek}">${g.lastWeek}</td><td class="num" data-label="${w.change}">+${g.thisWeek - g.lastWeek}</td></tr>`,
        )}</tbody></table></div>`;
  const figures = html`<details><summary>${w.figures}</summary><div class="scroll"><table class="figures"><thead><tr><th scope="col">${w.date}</th>${KINDS.map((k) => html`<th scope="col" class="num">${valueName(lang, k)}</th>`)}</tr></thead>
<tbody>${shownDays.map((date, i) => html`<tr><td class="nowrap">${date}</td>${KINDS.map((k) => html`<td class="num">${t.byKind[k][i]}</td>`)}</tr>`).reverse()}</tbody></table></div></details>`;
  return appPage(
    visitor,
    "/trends",
    `${w.trends} · ${shownName}`,
    html`<h1>${w.trends}</h1>${filters}<h2>${w.reportsPerDay}</h2>${perDay}${figures}
<h2>${w.growing}</h2>${growing}
<h2>${w.byFeature}</h2>${features.length === 0 ? html`<p class="muted">${w.reportsPerDaySummary(0, formatNumber(lang, 0), t.days, formatNumber(lang, 0))}</p>` : horizontalBars(w.byFeature, features)}`,
  );
}

/** The trends page of the web application. */
export function trendRoutes(services: Services) {
  return new Elysia({ name: "routes/trends" }).get(
    "/trends",
    ({ request, cookie }) => asMember(services, { request, cookie }, (visitor) => trendsPage(services, visitor, request)),
    { detail: { hide: true } },
  );
}
