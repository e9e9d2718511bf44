import type { Language } from "../../../core/language.ts";
import { type Html, html } from "../html.ts";
import { formatTime, wordsFor } from "./words.ts";

interface Link {
  readonly url: string;
}
interface Captured {
  readonly page?: { readonly url: string; readonly title?: string };
  readonly browser?: { readonly name: string; readonly version: string; readonly language?: string };
  readonly system?: { readonly os: string; readonly mobile: boolean };
  readonly screen?: { readonly viewportWidth: number; readonly viewportHeight: number; readonly pixelRatio: number };
  readonly console?: ReadonlyArray<{ readonly level: string; readonly message: string; readonly at: string }>;
  readonly network?: ReadonlyArray<{ readonly method: string; readonly url: string; readonly status: number; readonly durationMs: number }>;
  readonly breadcrumbs?: ReadonlyArray<{ readonly kind: string; readonly label: string; readonly at: string }>;
  readonly screenshot?: Link;
  readonly replay?: Link;
}

interface Diagnosed {
  readonly diagnostic?: { readonly where?: string; readonly probableCause?: string; readonly suggestedAction?: string };
}

/** The assistant's first reading of a problem (with the full-context add-on): where, probable cause, what to do first. */
export function diagnosticOf(language: Language, fullContext: Record<string, unknown> | null): Html | "" {
  const d = (fullContext as Diagnosed | null)?.diagnostic;
  if (!d) return "";
  const w = wordsFor(language, "context");
  const rows = [
    d.where && html`<dt>${w.where}</dt><dd>${d.where}</dd>`,
    d.probableCause && html`<dt>${w.probableCause}</dt><dd>${d.probableCause}</dd>`,
    d.suggestedAction && html`<dt>${w.suggestedAction}</dt><dd>${d.suggestedAction}</dd>`,
  ].filter(Boolean);
  return rows.length > 0 ? html`<h2>${w.diagnostic}</h2><dl>${rows}</dl>` : "";
}

/** The part of a signed link the page's own origin serves (the links are absolute, to the base address). */
const local = (link: Link): string => {
  const url = new URL(link.url);
  return url.pathname + url.search;
};

/** A one-line reminder of what a report captured, for its collapsed context: the browser and the viewport. */
function gist(c: Captured): string {
  return [
    c.browser && `${c.browser.name} ${c.browser.version}`,
    c.screen && `${c.screen.viewportWidth} × ${c.screen.viewportHeight}`,
    c.page && !c.browser && !c.screen && c.page.url,
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * What one report captured, shown with that report on the feedback page: the page, browser and
 * screen, the screenshot inline, a link to the replay, then the page's errors and steps. Collapsed
 * unless `open` (the report the feedback's context comes from); nothing when it captured nothing.
 */
export function capturedContext(lang: Language, context: Record<string, unknown> | null, replayPage: string, open: boolean): Html | "" {
  const w = wordsFor(lang, "context");
  const c = (context ?? {}) as Captured;
  const facts = [
    c.page && html`<dt>${w.page}</dt><dd>${c.page.title ? `${c.page.title} — ` : ""}${c.page.url}</dd>`,
    c.browser &&
      html`<dt>${w.browser}</dt><dd>${c.browser.name} ${c.browser.version}${c.system ? ` · ${c.system.os}${c.system.mobile ? " (mobile)" : ""}` : ""}${c.browser.language ? ` · ${c.browser.language}` : ""}</dd>`,
    c.screen && html`<dt>${w.screen}</dt><dd>${c.screen.viewportWidth} × ${c.screen.viewportHeight} @${c.screen.pixelRatio}x</dd>`,
  ].filter(Boolean);
  if (facts.length === 0 && !c.screenshot && !c.replay && !c.console && !c.network && !c.breadcrumbs) return "";
  return html`<details class="captured"${open ? html` open` : ""}><summary>${w.context}${gist(c) ? html` <span class="muted">· ${gist(c)}</span>` : ""}</summary>
${facts.length > 0 ? html`<dl>${facts}</dl>` : ""}
${c.screenshot ? html`<figure><a href="${local(c.screenshot)}"><img class="screenshot" src="${local(c.screenshot)}" alt="${w.screenshotAlt}"></a></figure>` : ""}
${c.replay ? html`<p><a href="${replayPage}">${w.playReplay}</a></p>` : ""}
${
  c.console?.length
    ? html`<h3>${w.consoleErrors}</h3><ul class="log">${c.console.map((e) => html`<li><span class="muted">${e.level}</span> <code>${e.message}</code></li>`)}</ul>`
    : ""
}
${
  c.network?.length
    ? html`<h3>${w.failedRequests}</h3><ul class="log">${c.network.map((n) => html`<li><code>${n.method} ${n.url}</code> → ${n.status === 0 ? w.networkError : n.status} <span class="muted">(${n.durationMs} ms)</span></li>`)}</ul>`
    : ""
}
${
  c.breadcrumbs?.length
    ? html`<h3>${w.breadcrumbs}</h3><ol class="log">${c.breadcrumbs.map((b) => html`<li><span class="muted">${formatTime(lang, Date.parse(b.at))}</span> ${b.label}</li>`)}</ol>`
    : ""
}</details>`;
}
