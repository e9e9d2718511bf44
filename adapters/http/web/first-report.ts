import type { AppSetup } from "../../../core/apps/list-app-setup.ts";
import type { ChannelKind } from "../../../core/model.ts";
import { type Html, html } from "../html.ts";
import type { Language } from "../../../core/language.ts";
import { embedSnippetHtml } from "./embed-snippet.ts";
import { copyable } from "./copy.ts";
import { wordsFor } from "./words.ts";

/**
 * The inbox of an organization that has no feedback yet: how to send the first report, through
 * each channel of its first app, with that channel's key (shown to those who may see keys). Without
 * an app, one who `manages` the organization is asked to create it; the others are told an Admin does.
 */
export function firstReport(language: Language, baseUrl: string, apps: readonly AppSetup[], manages: boolean): Html {
  const w = wordsFor(language, "firstReport");
  const setup = apps.find((a) => a.channels.some((c) => c.active)) ?? apps[0];
  if (!setup)
    return html`<div class="empty first-report"><h2>${w.title}</h2><p>${manages ? w.noAppAdmin : w.noApp} <a href="/settings/apps">${w.appsSettings}</a>.</p></div>`;
  const key = (kind: ChannelKind) => setup.channels.find((c) => c.kind === kind && c.active)?.key;
  const [api, widget, form] = [key("api"), key("widget"), key("form")];
  const ways = [
    api && html`<li>${w.api}<pre class="command"${copyable(language, w.command)}><code>${reportCommand(language, baseUrl, api)}</code></pre></li>`,
    widget &&
      html`<li>${w.widget}<pre class="command snippet"${copyable(language, w.snippet)}><code>${embedSnippetHtml(baseUrl, widget)}</code></pre></li>`,
    form && html`<li>${w.form} <a href="${baseUrl}/f/${encodeURIComponent(form)}">${baseUrl}/f/${form}</a></li>`,
  ].filter(Boolean);
  const unseen = setup.channels.some((c) => c.active && c.key === null);
  // An app made without a channel (the CLI's app create) has no way in: say where to add one.
  if (!setup.channels.some((c) => c.active))
    return html`<div class="empty first-report"><h2>${w.title}</h2><p>${w.noChannel.replace("{app}", setup.app.name)} <a href="/settings/apps/${encodeURIComponent(setup.app.id)}/channels">${w.channels}</a>.</p></div>`;
  return html`<div class="empty first-report"><h2>${w.title}</h2><p>${w.intro.replace("{app}", setup.app.name)}</p>
${ways.length > 0 ? html`<ol>${ways}</ol>` : ""}${unseen ? html`<p>${w.keys}</p>` : ""}</div>`;
}

/**
 * The shell command that sends a report with an API channel's key, in the shape of the README's
 * `POST /v1/reports`, a line per part as the README writes it. The body is in single quotes, where
 * a shell reads a `'` of the message (the French sample has one) as their end: each is written
 * `'\''` (close, a quoted `'`, reopen).
 */
export function reportCommand(language: Language, baseUrl: string, apiKey: string): string {
  const report = JSON.stringify({ publicKey: apiKey, kind: "problem", message: wordsFor(language, "firstReport").sample });
  return `curl -X POST ${baseUrl}/v1/reports \\\n  -H 'content-type: application/json' \\\n  -d '${report.replaceAll("'", "'\\''")}'`;
}
