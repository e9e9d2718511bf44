import { Elysia } from "elysia";
import type { Services } from "../../../core/services.ts";
import type { UnsubscribeLink } from "../../../core/notify/check-unsubscribe-link.ts";
import { readUnsubscribeLink, type Stopped } from "../../../core/notify/read-unsubscribe-link.ts";
import { resubscribe } from "../../../core/notify/resubscribe.ts";
import { unsubscribe } from "../../../core/notify/unsubscribe.ts";
import type { Language } from "../../../core/language.ts";
import { requestLanguage } from "../language.ts";
import { type Html, html, page } from "../html.ts";
import { textFor } from "../catalog/text.ts";
import { postedFromOwnSite } from "../same-origin.ts";
import { wordsFor } from "../web/words.ts";

type Words = ReturnType<typeof textFor>["unsubscribe"];

const linkOf = (request: Request): UnsubscribeLink => {
  const q = new URL(request.url).searchParams;
  return { feedbackId: q.get("f") ?? "", email: q.get("e") ?? "", signature: q.get("s") ?? "" };
};

/** The link's own query, which the page's forms post back to, in the page's language. */
const queryOf = (link: UnsubscribeLink, language: Language): string =>
  String(new URLSearchParams({ f: link.feedbackId, e: link.email, s: link.signature, lang: language }));

/**
 * What the link stops, one feedback a line: its key, and its public title once published; and the
 * way back to it: the follower's tracking page, its page on the portal.
 */
const stoppedList = (stopped: readonly Stopped[], w: Words): Html =>
  html`<ul>${stopped.map(
    (f) =>
      html`<li><strong>${f.key}</strong>${f.publicTitle ? html` — ${f.publicTitle}` : ""}${
        f.trackingUrl || f.portalPage
          ? html`<span class="links-back">${f.trackingUrl ? html`<a href="${f.trackingUrl}">${w.seeReport}</a>` : ""}${
              f.portalPage ? html`<a href="${f.portalPage}">${w.seeOnPortal}</a>` : ""
            }</span>`
          : ""
      }</li>`,
  )}</ul>`;

/** What the page says of the feedbacks: `alone` when the link names none any more, else `about` and their list. */
const told = (stopped: readonly Stopped[], w: Words, alone: string, about: string): Html =>
  stopped.length === 0 ? html`<p>${alone}</p>` : html`<p>${about}</p>${stoppedList(stopped, w)}`;

/**
 * The unsubscribe link of notifications. Opening it asks for confirmation (mail scanners open
 * links), naming what it stops; opened again once it stopped them all (a mail client's one-click
 * unsubscribe, which the person never saw), it says so instead of offering it again; the POST unsubscribes, and is also what mail clients send for
 * one-click unsubscribe (RFC 8058). Once done, the page offers to undo it, with the same link: a
 * form that brings back exactly what was stopped.
 */
export function unsubscribeRoutes(services: Services) {
  const ownOrigin = new URL(services.baseUrl).origin;
  const invalidPage = (w: Words, language: "en" | "fr") =>
    page(w.title, html`<h1>${w.title}</h1><p class="error">${w.invalid}</p>`, { status: 404, language });
  return new Elysia({ name: "routes/unsubscribe" })
    .get(
      "/unsubscribe",
      async ({ request }) => {
        const language = requestLanguage(request);
        const w = textFor(language).unsubscribe;
        const link = linkOf(request);
        const stopped = await readUnsubscribeLink(services, link);
        if (!stopped) return invalidPage(w, language);
        if (stopped.length > 0 && stopped.every((f) => !f.following))
          return page(w.title, html`<h1>${w.title}</h1><p>${w.noLonger} <strong>${link.email}</strong> ${w.about}</p>${stoppedList(stopped, w)}`, {
            language,
          });
        const ask =
          stopped.length === 0
            ? html`<p>${w.ask} <strong>${link.email}</strong>.</p>`
            : html`<p>${w.stopSending} <strong>${link.email}</strong> ${w.about}</p>${stoppedList(stopped, w)}`;
        return page(
          w.title,
          html`<h1>${w.title}</h1><form method="post" action="/unsubscribe?${queryOf(link, language)}">${ask}<button type="submit">${w.button}</button></form>`,
          { language },
        );
      },
      { detail: { hide: true } },
    )
    .post(
      "/unsubscribe",
      async ({ request }) => {
        const language = requestLanguage(request);
        const w = textFor(language).unsubscribe;
        const link = linkOf(request);
        const done = await unsubscribe(services, link);
        if (!done) return invalidPage(w, language);
        const undo = done.undo
          ? html`<form method="post" action="/unsubscribe/undo?${queryOf(link, language)}" class="undo"><input type="hidden" name="undo" value="${done.undo}">
<p>${w.changedYourMind}</p><button type="submit" class="secondary">${w.undo}</button></form>`
          : "";
        return page(w.title, html`<h1>${w.title}</h1>${told(done.stopped, w, w.done, w.doneAbout)}${undo}`, { language });
      },
      { detail: { hide: true } },
    )
    .post(
      "/unsubscribe/undo",
      async ({ request, body }) => {
        const language = requestLanguage(request);
        const w = textFor(language).unsubscribe;
        if (!postedFromOwnSite(request, ownOrigin)) {
          const refused = wordsFor(language, "common").otherSite;
          return page(refused, html`<h1>${refused}</h1>`, { status: 403, language });
        }
        const undo = (body as Record<string, unknown> | undefined)?.undo;
        const again = await resubscribe(services, linkOf(request), typeof undo === "string" ? undo : "");
        if (!again) return invalidPage(w, language);
        return page(w.title, html`<h1>${w.title}</h1>${told(again, w, w.undone, w.undoneAbout)}`, { language });
      },
      { detail: { hide: true } },
    );
}
