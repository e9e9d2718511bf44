import { type Html, html } from "../html.ts";
import { appPage, asMemberPosting } from "./layout.ts";
import type { Visitor } from "./visitor.ts";
import { wordsFor } from "./words.ts";
import { portalTeamWords } from "./portal-words.ts";
import { can } from "../../../core/authorization.ts";
import type { Failure } from "../../../core/errors.ts";
import { errorBody, failureBody } from "../catalog/text.ts";
import { STATUS_OF } from "../error-status.ts";
import type { Services } from "../../../core/services.ts";
import type { WebRequest } from "../cookies.ts";

/**
 * A settings page: the settings sections (a column beside the page on wide screens, tabs above it
 * on phones), then the page's own content. A `subpage` (one app's section, under Apps) leads back
 * up by a link of its own: on a phone, where the tabs take four rows, they are left out.
 */
export function settingsPage(visitor: Visitor, path: string, title: string, body: Html, status = 200, { subpage = false } = {}): Response {
  const w = wordsFor(visitor.language, "settings");
  // The organization's own, then what connects it to other tools, then the person's own.
  const sections = [
    { href: "/settings", label: w.plan },
    { href: "/settings/apps", label: w.apps },
    { href: "/settings/members", label: w.members },
    { href: "/settings/tags", label: w.tags },
    // What only an Admin manages is listed to those who may manage it: the others would meet a refusal.
    ...(can(visitor.grant, "portal.manage") ? [{ href: "/settings/portal", label: portalTeamWords(visitor.language).settingsTab }] : []),
    ...(can(visitor.grant, "webhooks.manage") ? [{ href: "/settings/webhooks", label: w.webhooks }] : []),
    ...(can(visitor.grant, "organization.manage") ? [{ href: "/settings/slack", label: w.slack }] : []),
    ...(can(visitor.grant, "apiKeys.manage") ? [{ href: "/settings/api-keys", label: w.apiKeys }] : []),
    { href: "/account", label: w.account },
    { href: "/settings/tokens", label: w.tokens },
    { href: "/settings/agents", label: w.agents },
  ];
  return appPage(
    visitor,
    path,
    title,
    html`<div class="settings${subpage ? " subpage" : ""}"><nav aria-label="${w.settings}"><ul class="tabs">${sections.map(
      (s) => html`<li><a href="${s.href}"${s.href === path ? html` aria-current="page"` : ""}>${s.label}</a></li>`,
    )}</ul></nav><div><h1>${title}</h1>${body}</div></div>`,
    status,
  );
}

/**
 * A one-button form posting to `action` with the visitor's CSRF token, and any hidden `fields`.
 * A button on one row of a list names the row's object (`of`) to screen readers, after its
 * label: read out of their rows, "Remove, Remove" would not say which.
 */
export const postButton = (
  visitor: Visitor,
  action: string,
  label: string,
  { fields = "", of }: { readonly fields?: Html | string; readonly of?: string } = {},
): Html =>
  html`<form method="post" action="${action}" class="inline"><input type="hidden" name="csrf" value="${visitor.csrf}">${fields}<button type="submit" class="secondary">${label}${actsOn(of)}</button></form>`;

/** What a button on one item of a list acts on, said to screen readers after its label (see postButton). */
export const actsOn = (of: string | undefined): Html | "" => (of ? html`<span class="visually-hidden"> ${of}</span>` : "");

/**
 * A destructive action asks once more, on a page of its own, before it is done: null once the
 * person confirmed, else that page, with what it acts on (`detail`) under the question. It works
 * without JavaScript; Cancel goes back.
 */
export function unconfirmed(
  visitor: Visitor,
  field: (name: string) => string,
  ask: {
    readonly action: string;
    readonly question: string;
    readonly label: string;
    readonly back: string;
    readonly fields?: Html;
    readonly detail?: Html;
  },
): Response | null {
  if (field("confirm") === "yes") return null;
  const w = wordsFor(visitor.language, "settings");
  return appPage(
    visitor,
    ask.back,
    ask.question,
    html`<h1>${ask.question}</h1>${ask.detail ?? ""}<form method="post" action="${ask.action}"><input type="hidden" name="csrf" value="${visitor.csrf}">${ask.fields ?? ""}<input type="hidden" name="confirm" value="yes">
<button type="submit" class="danger">${ask.label}</button> <a href="${ask.back}">${w.cancel}</a></form>`,
  );
}

/**
 * Saved, though the service the settings connect could not be reached to check them: a warning boxed
 * as one, said in words, with the connection's own error beneath it, muted, for whoever runs the server.
 */
export const unreachedWarning = (visitor: Visitor, said: string, error: string): Html =>
  html`<div class="error" role="note"><p>${said}</p><p class="detail">${wordsFor(visitor.language, "settings").connectionError(error)}</p></div>`;

export const hidden = (name: string, value: string): Html => html`<input type="hidden" name="${name}" value="${value}">`;

/**
 * What a settings page says of a change its use case refused: that only Admins may make it, for a
 * refusal by role; a limit reached, naming it; otherwise the error's own words.
 */
export const refusal = (visitor: Visitor, failure: Failure): { readonly error: string; readonly status: number } => ({
  error:
    failure.code === "forbidden"
      ? wordsFor(visitor.language, "common").adminsOnly
      : failure.limit
        ? failureBody(failure, visitor.language).error
        : errorBody(failure.code, visitor.language, failure.problem).error,
  status: STATUS_OF[failure.code],
});

/**
 * A settings page its use case refused to show: for a refusal by role, a quiet sentence saying who
 * may use it (`whoMay`), as nothing went wrong; any other refusal as an error. With its status.
 */
export function refusedPage(visitor: Visitor, path: string, title: string, failure: Failure, whoMay: string): Response {
  const { error, status } = refusal(visitor, failure);
  const said = failure.code === "forbidden" ? html`<p class="muted">${whoMay}</p>` : html`<p class="error" role="alert">${error}</p>`;
  return settingsPage(visitor, path, title, said, status);
}

/**
 * A change posted from a settings page. Its use case decides who may make it: one it refuses
 * (a Failure instead of a response) shows `page` again, saying why.
 */
export const settingsPosting = (
  services: Services,
  web: WebRequest & { readonly body: unknown },
  page: (visitor: Visitor, notice: { readonly error: string; readonly status: number }) => Promise<Response>,
  handler: (visitor: Visitor, field: (name: string) => string) => Promise<Response | Failure>,
): Promise<Response> =>
  asMemberPosting(services, web, async (visitor, field) => {
    const answer = await handler(visitor, field);
    return answer instanceof Response ? answer : page(visitor, refusal(visitor, answer));
  });
