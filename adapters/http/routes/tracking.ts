import { Elysia } from "elysia";
import type { Services } from "../../../core/services.ts";
import { trackReport } from "../../../core/use-cases/track-report.ts";
import { html, page } from "../html.ts";

const LABELS = {
  en: {
    title: "Your report",
    notFound: "There is nothing at this address.",
    status: "Status:",
    received: "Received",
    triage: "Being reviewed",
    prioritized: "Planned",
    in_development: "In development",
    fixed: "Fixed",
    delivered: "Delivered",
    dismissed: "Closed",
  },
  fr: {
    title: "Votre signalement",
    notFound: "Il n'y a rien à cette adresse.",
    status: "Statut :",
    received: "Reçu",
    triage: "En cours d'examen",
    prioritized: "Planifié",
    in_development: "En développement",
    fixed: "Corrigé",
    delivered: "Livré",
    dismissed: "Clos",
  },
} as const;

/** The reporter's tracking page: public, shows the title, the status and the dates of its changes. */
export function trackingRoutes(services: Services) {
  return new Elysia({ name: "routes/tracking" }).get(
    "/s/:statusId",
    async ({ request, params }) => {
      const tracking = await trackReport(services, params.statusId, new URL(request.url).searchParams.get("t") ?? "");
      if (!tracking) return page(LABELS.en.notFound, html`<h1>${LABELS.en.notFound}</h1>`, { status: 404 });
      const words = LABELS[tracking.language];
      const date = (at: number) => new Intl.DateTimeFormat(tracking.language, { dateStyle: "long", timeZone: "UTC" }).format(at);
      const response = page(
        words.title,
        html`<h1>${tracking.title}</h1>
<p>${words.status} <strong>${words[tracking.status]}</strong></p>
<ol>${tracking.steps.map((s) => html`<li>${words[s.status]} — <time datetime="${new Date(s.at).toISOString()}">${date(s.at)}</time></li>`)}</ol>`,
        { language: tracking.language },
      );
      response.headers.set("referrer-policy", "no-referrer");
      return response;
    },
    { detail: { hide: true } },
  );
}
