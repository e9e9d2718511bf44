import { Elysia } from "elysia";
import type { Services } from "../../../core/services.ts";
import { checkUnsubscribeLink, unsubscribe, type UnsubscribeLink } from "../../../core/use-cases/unsubscribe.ts";
import { negotiateLanguage } from "../language.ts";
import { html, page } from "../html.ts";

const linkOf = (request: Request): UnsubscribeLink => {
  const q = new URL(request.url).searchParams;
  return { feedbackId: q.get("f") ?? "", email: q.get("e") ?? "", signature: q.get("s") ?? "" };
};

const WORDS = {
  en: {
    title: "Unsubscribe",
    ask: "Stop receiving news about this report at",
    button: "Unsubscribe",
    done: "Done: you will receive no more news about this report.",
    invalid: "This link is not valid.",
  },
  fr: {
    title: "Désabonnement",
    ask: "Ne plus recevoir de nouvelles de ce signalement à",
    button: "Me désabonner",
    done: "C'est fait : vous ne recevrez plus de nouvelles de ce signalement.",
    invalid: "Ce lien n'est pas valide.",
  },
} as const;

/**
 * The unsubscribe link of notifications. Opening it asks for confirmation (mail scanners open
 * links); the POST unsubscribes, and is also what mail clients send for one-click unsubscribe (RFC 8058).
 */
export function unsubscribeRoutes(services: Services) {
  return new Elysia({ name: "routes/unsubscribe" })
    .get(
      "/unsubscribe",
      async ({ request }) => {
        const language = negotiateLanguage(request.headers.get("accept-language"));
        const w = WORDS[language];
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
        const language = negotiateLanguage(request.headers.get("accept-language"));
        const w = WORDS[language];
        const done = (await unsubscribe(services, linkOf(request))) === "unsubscribed";
        return page(w.title, html`<h1>${w.title}</h1><p class="${done ? "" : "error"}">${done ? w.done : w.invalid}</p>`, {
          status: done ? 200 : 404,
          language,
        });
      },
      { detail: { hide: true } },
    );
}
