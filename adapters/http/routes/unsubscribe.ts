import { Elysia } from "elysia";
import type { Services } from "../../../core/services.ts";
import { checkUnsubscribeLink, type UnsubscribeLink } from "../../../core/notify/check-unsubscribe-link.ts";
import { unsubscribe } from "../../../core/notify/unsubscribe.ts";
import { acceptedLanguage } from "../language.ts";
import { html, page } from "../html.ts";
import { textFor } from "../catalog/text.ts";

const linkOf = (request: Request): UnsubscribeLink => {
  const q = new URL(request.url).searchParams;
  return { feedbackId: q.get("f") ?? "", email: q.get("e") ?? "", signature: q.get("s") ?? "" };
};

/**
 * The unsubscribe link of notifications. Opening it asks for confirmation (mail scanners open
 * links); the POST unsubscribes, and is also what mail clients send for one-click unsubscribe (RFC 8058).
 */
export function unsubscribeRoutes(services: Services) {
  return new Elysia({ name: "routes/unsubscribe" })
    .get(
      "/unsubscribe",
      async ({ request }) => {
        const language = acceptedLanguage(request);
        const w = textFor(language).unsubscribe;
        const link = linkOf(request);
        if (!(await checkUnsubscribeLink(services, link)))
          return page(w.title, html`<h1>${w.title}</h1><p class="error">${w.invalid}</p>`, { status: 404, language });
        const action = `/unsubscribe?${new URL(request.url).searchParams}`;
        return page(
          w.title,
          html`<h1>${w.title}</h1><form method="post" action="${action}"><p>${w.ask} <strong>${link.email}</strong>.</p><button type="submit">${w.button}</button></form>`,
          { language },
        );
      },
      { detail: { hide: true } },
    )
    .post(
      "/unsubscribe",
      async ({ request }) => {
        const language = acceptedLanguage(request);
        const w = textFor(language).unsubscribe;
        const done = (await unsubscribe(services, linkOf(request))) === "unsubscribed";
        return page(w.title, html`<h1>${w.title}</h1><p class="${done ? "" : "error"}">${done ? w.done : w.invalid}</p>`, {
          status: done ? 200 : 404,
          language,
        });
      },
      { detail: { hide: true } },
    );
}
