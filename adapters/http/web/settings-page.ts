import { type Html, html } from "../html.ts";
import { appPage } from "./layout.ts";
import type { Visitor } from "./visitor.ts";
import { wordsFor } from "./words.ts";

/** A settings page: the settings sections, then the page's own content. */
export function settingsPage(visitor: Visitor, path: string, title: string, body: Html, status = 200): Response {
  const w = wordsFor(visitor.language);
  const sections = [
    { href: "/settings", label: w.plan },
    { href: "/settings/apps", label: w.apps },
    { href: "/settings/members", label: w.members },
    { href: "/settings/webhooks", label: w.webhooks },
    { href: "/settings/tokens", label: w.tokens },
    { href: "/settings/agents", label: w.agents },
  ];
  return appPage(
    visitor,
    path,
    title,
    html`<nav aria-label="${w.settings}"><ul class="tabs">${sections.map(
      (s) => html`<li><a href="${s.href}"${s.href === path ? html` aria-current="page"` : ""}>${s.label}</a></li>`,
    )}</ul></nav><h1>${title}</h1>${body}`,
    status,
  );
}

/** A one-field form posting to `action` with the visitor's CSRF token. */
export const postButton = (visitor: Visitor, action: string, label: string, fields: Html | string = ""): Html =>
  html`<form method="post" action="${action}" class="inline"><input type="hidden" name="csrf" value="${visitor.csrf}">${fields}<button type="submit" class="secondary">${label}</button></form>`;

export const hidden = (name: string, value: string): Html => html`<input type="hidden" name="${name}" value="${value}">`;

export const isAdmin = (visitor: Visitor): boolean => visitor.membership.role === "admin";
