import { Elysia } from "elysia";
import type { Services } from "../../../core/services.ts";
import { trackReport } from "../../../core/report/track-report.ts";
import type { Status } from "../../../core/schemas/feedback.ts";
import { html, page } from "../html.ts";
import { textFor } from "../catalog/text.ts";
import { negotiateLanguage } from "../language.ts";
import { valueName } from "../web/words.ts";

/** The reporter's tracking page: public, shows the title, the status and the dates of its changes. */
export function trackingRoutes(services: Services) {
  return new Elysia({ name: "routes/tracking" }).get(
    "/s/:statusId",
    async ({ request, params }) => {
      const tracking = await trackReport(services, params.statusId, new URL(request.url).searchParams.get("t") ?? "");
      if (!tracking) {
        const language = negotiateLanguage(request.headers.get("accept-language"));
        return page(textFor(language).tracking.notFound, html`<h1>${textFor(language).tracking.notFound}</h1>`, { status: 404, language });
      }
      const words = textFor(tracking.language).tracking;
      // Status names are the inbox's: one word per status, in each language, on every page.
      const named = (status: Status | "received") => (status === "received" ? words.received : valueName(tracking.language, status));
      const date = (at: number) => new Intl.DateTimeFormat(tracking.language, { dateStyle: "long", timeZone: "UTC" }).format(at);
      const response = page(
        words.title,
        html`${tracking.appName ? html`<p class="muted">${words.about} ${tracking.appName}</p>` : ""}<h1>${tracking.title}</h1>
<p>${words.status} <span class="badge status-${tracking.status}">${named(tracking.status)}</span></p>
<p>${words.meaning[tracking.status]}</p>
<h2>${words.history}</h2>
<ol class="timeline">${tracking.steps.map((s) => html`<li><p>${named(s.status)} — <time datetime="${new Date(s.at).toISOString()}">${date(s.at)}</time></p></li>`)}</ol>`,
        { language: tracking.language },
      );
      response.headers.set("referrer-policy", "no-referrer");
      return response;
    },
    { detail: { hide: true } },
  );
}
