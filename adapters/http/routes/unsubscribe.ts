import { Elysia } from "elysia";
import type { Services } from "../../../core/services.ts";
import type { UnsubscribeLink } from "../../../core/notify/check-unsubscribe-link.ts";
import { readUnsubscribeLink, type Stopped } from "../../../core/notify/read-unsubscribe-link.ts";
import { unsubscribe } from "../../../core/notify/unsubscribe.ts";
import { acceptedLanguage } from "../language.ts";
import { type Html, html, page } from "../html.ts";
import { textFor } from "../catalog/text.ts";

const linkOf = (request: Request): UnsubscribeLink => {
  const q = new URL(request.url).searchParams;
  return { feedbackId: q.get("f") ?? "", email: q.get("e") ?? "", signature: q.get("s") ?? "" };
};

/** What the link stops, one feedback a line: its key, and its public title once published. */
const stoppedList = (stopped: readonly Stopped[]): Html =>
  html`<ul>${stopped.map((f) => html`<li><strong>${f.key}</strong>${f.publicTitle ? html` — ${f.publicTitle}` : ""}</li>`)}</ul>`;

/**
 * The unsubscribe link of notifications. Opening it asks for confirmation (mail scanners open
 * links), naming what it stops; the POST unsubscribes, and is also what mail clients send for
 * one-click unsubscribe (RFC 8058).
 */
export function unsubscribeRoutes(services: Services) {
  return new Elysia({ name: "routes/unsubscribe" })
    .get(
      "/unsubscribe",
      async ({ request }) => {
        const language = acceptedLanguage(request);
        const w = textFor(language).unsubscribe;
        const link = linkOf(request);
        const stopped = await readUnsubscribeLink(services, link);
        if (!stopped) return page(w.title, html`<h1>${w.title}</h1><p class="error">${w.invalid}</p>`, { status: 404, language });
        const action = `/unsubscribe?${new URL(request.url).searchParams}`;
        const ask =
          stopped.length === 0
            ? html`<p>${w.ask} <strong>${link.email}</strong>.</p>`
            : html`<p>${w.stopSending} <strong>${link.email}</strong> ${w.about}</p>${stoppedList(stopped)}`;
        return page(
          w.title,
          html`<h1>${w.title}</h1><form method="post" action="${action}">${ask}<button type="submit">${w.button}</button></form>`,
          {
            language,
          },
        );
      },
      { detail: { hide: true } },
    )
    .post(
      "/unsubscribe",
      async ({ request }) => {
        const language = acceptedLanguage(request);
        const w = textFor(language).unsubscribe;
        const link = linkOf(request);
        const stopped = await unsubscribe(services, link);
        const said = !stopped
          ? html`<p class="error">${w.invalid}</p>`
          : stopped.length === 0
            ? html`<p>${w.done}</p>`
            : html`<p>${w.doneAbout}</p>${stoppedList(stopped)}`;
        return page(w.title, html`<h1>${w.title}</h1>${said}`, { status: stopped ? 200 : 404, language });
      },
      { detail: { hide: true } },
    );
}
