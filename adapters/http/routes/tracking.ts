import { outcome, refusedField } from "../web/notices.ts";
import { Elysia } from "elysia";
import { answerAsReporter } from "../../../core/conversation/answer-as-reporter.ts";
import type { Language } from "../../../core/language.ts";
import { checkRateLimit } from "../../../core/rate-limits/check-rate-limit.ts";
import { trackReport } from "../../../core/report/track-report.ts";
import type { Status } from "../../../core/schemas/feedback.ts";
import type { Services } from "../../../core/services.ts";
import { failureBody, textFor } from "../catalog/text.ts";
import type { CookieJar } from "../cookies.ts";
import { html, page, redirect } from "../html.ts";
import { chosenLanguage, requestLanguage } from "../language.ts";
import { portalLinks } from "../portal/links.ts";
import { postedFromOwnSite } from "../same-origin.ts";
import { csrfToken, csrfValid } from "../web-session.ts";
import { formatDay, wordsFor } from "../web/words.ts";

type Tracking = NonNullable<Awaited<ReturnType<typeof trackReport>>>;
type Words = ReturnType<typeof textFor>["tracking"];

/** Answers a reporter may send from one address: so many an hour, whatever the reports. */
const ANSWERS_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

/** What the answer form shows besides the page: a notice once sent, or why the text was refused. */
interface FormState {
  readonly csrf: string;
  /** The language the reader chose over the report's, kept through the answer's post. */
  readonly chosen?: Language | null;
  readonly sent?: boolean;
  readonly error?: string;
  readonly draft?: string;
}

const notFound = (language: Language) => {
  const words = textFor(language).tracking;
  return page(words.notFound, html`<h1>${words.notFound}</h1><p>${words.notFoundHint}</p>`, { status: 404, language });
};

/**
 * The page's heading: the title the feedback shows this reporter, under the app's name; a report
 * with no title of theirs to read is headed "Your report about {app}", what they wrote shown open below it.
 * A post from the portal is the person's post there, not a report.
 */
function heading(tracking: Tracking, words: Words) {
  const [title, about] = tracking.posted ? [words.post, words.postAbout] : [words.title, words.about];
  if (tracking.title === null) return html`<h1>${tracking.appName ? `${about} ${tracking.appName}` : title}</h1>`;
  return html`${tracking.appName ? html`<p class="muted">${about} ${tracking.appName}</p>` : ""}<h1>${tracking.title}</h1>`;
}

/**
 * The bar above the page: the organization's portal while it is on (and the feedback's page there
 * once published), in the page's language; and the switch to the other language, which keeps the
 * page's token.
 */
function banner(statusId: string, token: string, tracking: Tracking, words: Words) {
  const other: Language = tracking.language === "fr" ? "en" : "fr";
  const here = `/s/${encodeURIComponent(statusId)}?t=${encodeURIComponent(token)}&lang=${other}`;
  const links = tracking.portal && portalLinks(tracking.portal.slug, tracking.language);
  return html`${
    tracking.portal && links
      ? html`<nav aria-label="${tracking.portal.title}"><ul><li><a class="home" href="${links.board()}">${tracking.portal.title}</a></li>${
          tracking.portalKey ? html`<li><a href="${links.feedback(tracking.portalKey)}">${words.onPortal}</a></li>` : ""
        }</ul></nav>`
      : ""
  }<nav class="switch" aria-label="${words.language}"><a href="${here}" hreflang="${other}" lang="${other}">${words.otherLanguage}</a></nav>`;
}

/** The changelog entries that shipped the feedback: each linked to its place on the portal's changelog while the portal is on. */
function shippedIn(tracking: Tracking, words: Words) {
  if (tracking.shippedIn.length === 0) return "";
  const changelog = tracking.portal && portalLinks(tracking.portal.slug, tracking.language).changelog();
  const entries = tracking.shippedIn.map(
    (e, i) => html`${i > 0 ? ", " : ""}${changelog ? html`<a href="${changelog}#entry-${e.id}">${e.title}</a>` : html`<strong>${e.title}</strong>`}`,
  );
  return html`<p>${words.shippedIn} ${entries}</p>`;
}

/** Who wrote a message: "You", or the team's reply as the portal and the e-mail sign it, marked as the team's. */
const signature = (c: Tracking["comments"][number], words: Words) =>
  c.mine ? words.you : html`${c.signed ?? words.theTeam} <span class="badge">${words.team}</span>`;

/** The reporter's tracking page: the title, the status and its history, the messages, and a form to answer. */
function trackingPage(statusId: string, token: string, tracking: Tracking, form: FormState, status = 200): Response {
  const language = tracking.language;
  const words = textFor(language).tracking;
  const answer = refusedField("answer-error", form.error, "answer-hint");
  // Status names are the portal's: the words people outside the team read, on every public page.
  const named = (s: Status | "received") => (s === "received" ? words.received : tracking.statusNames[s]);
  const time = (at: number) => html`<time datetime="${new Date(at).toISOString()}">${formatDay(language, at)}</time>`;
  return page(
    tracking.posted ? words.post : words.title,
    html`${heading(tracking, words)}
<details${tracking.title === null ? html` open` : ""}><summary>${words.whatYouWrote}</summary><p class="message">${tracking.message}</p></details>
<p>${words.status} <span class="badge status-${tracking.status}">${named(tracking.status)}</span></p>
<p>${words.meaning[tracking.status]}</p>
${shippedIn(tracking, words)}
<h2>${words.history}</h2>
<ol class="timeline">${tracking.steps.map(
      (s, i) => html`<li${i === tracking.steps.length - 1 ? html` aria-current="step"` : ""}><p>${named(s.status)} — ${time(s.at)}</p></li>`,
    )}</ol>
<h2 id="messages">${words.conversation}</h2>
${
  tracking.comments.length === 0
    ? html`<p class="muted">${words.noMessages}</p>`
    : html`<ul class="plain messages">${tracking.comments.map(
        (c) => html`<li><p class="muted">${signature(c, words)} — ${time(c.at)}</p><p class="message">${c.text}</p></li>`,
      )}</ul>`
}
${form.sent ? outcome(words.sent) : ""}
<form method="post" action="/s/${encodeURIComponent(statusId)}/answer${form.chosen ? `?lang=${form.chosen}` : ""}">
<input type="hidden" name="t" value="${token}"><input type="hidden" name="csrf" value="${form.csrf}">
${answer.said}
<label for="answer">${words.answer}</label>
<textarea id="answer" name="text" rows="4" maxlength="5000" required${answer.marks}>${form.draft ?? ""}</textarea>
<p class="muted" id="answer-hint">${words.answerHint}</p>
<div class="trap" aria-hidden="true"><label for="website">${words.honeypot}</label><input id="website" type="text" name="website" tabindex="-1" autocomplete="off"></div>
<button type="submit">${words.send}</button>
</form>`,
    { language, status, banner: banner(statusId, token, tracking, words) },
  );
}

/** A form's fields, as strings. */
const fieldsOf = (body: unknown) => {
  const form = (body ?? {}) as Record<string, unknown>;
  return (name: string): string => (typeof form[name] === "string" ? (form[name] as string) : "");
};

/**
 * The reporter's tracking page, public: the title, the status and the dates of its changes, the
 * messages it may show (shownOnTrackingPage) and a form to answer, which works without JavaScript.
 * An answer is checked for its origin, its CSRF token (the browser's pre-session cookie, or its
 * session) and a honeypot, and counted in its address's budget (429 with Retry-After past it).
 */
export function trackingRoutes(services: Services, clientAddress: (request: Request) => string) {
  const ownOrigin = new URL(services.baseUrl).origin;

  async function answered(request: Request, cookie: CookieJar, statusId: string, body: unknown): Promise<Response> {
    const field = fieldsOf(body);
    const language = requestLanguage(request);
    if (!postedFromOwnSite(request, ownOrigin)) {
      const refused = wordsFor(language, "common").otherSite;
      return page(refused, html`<h1>${refused}</h1>`, { status: 403, language });
    }
    const limited = await checkRateLimit(services.store, services.clock, `answers:${clientAddress(request)}`, ANSWERS_PER_HOUR, HOUR_MS);
    if (!limited.ok) {
      const words = textFor(language).tracking;
      const response = page(words.tooMany, html`<h1>${words.tooMany}</h1>`, { status: 429, language });
      response.headers.set("retry-after", String(limited.retryAfter ?? 60));
      return response;
    }
    const token = field("t");
    const chosen = chosenLanguage(request);
    const tracking = await trackReport(services, statusId, token, chosen ?? undefined);
    if (!tracking) return notFound(language);
    const csrf = await csrfToken(services, cookie);
    if (!(await csrfValid(services, cookie, field("csrf")))) {
      return trackingPage(
        statusId,
        token,
        tracking,
        { csrf, chosen, error: wordsFor(tracking.language, "common").formExpired, draft: field("text") },
        403,
      );
    }
    // No #messages: a page opened at a fragment skips autofocus, and the notice, focused, is scrolled to anyway.
    const back = `/s/${encodeURIComponent(statusId)}?t=${encodeURIComponent(token)}&sent=1${chosen ? `&lang=${chosen}` : ""}`;
    // A robot fills every field; a person never sees this one. Thanked, and dropped.
    if (field("website")) return redirect(back);
    const sent = await answerAsReporter(services, statusId, token, field("text"));
    if (sent.ok) return redirect(back);
    if (sent.code !== "invalid_body") return notFound(language);
    const error = field("text").trim() ? failureBody(sent, tracking.language).error : textFor(tracking.language).tracking.empty;
    return trackingPage(statusId, token, tracking, { csrf, chosen, error, draft: field("text") }, 400);
  }

  return new Elysia({ name: "routes/tracking" })
    .get(
      "/s/:statusId",
      async ({ request, params, cookie }) => {
        const url = new URL(request.url);
        const token = url.searchParams.get("t") ?? "";
        const chosen = chosenLanguage(request);
        const tracking = await trackReport(services, params.statusId, token, chosen ?? undefined);
        if (!tracking) return notFound(requestLanguage(request));
        return trackingPage(params.statusId, token, tracking, {
          csrf: await csrfToken(services, cookie),
          chosen,
          sent: url.searchParams.has("sent"),
        });
      },
      { detail: { hide: true } },
    )
    .post("/s/:statusId/answer", ({ request, params, body, cookie }) => answered(request, cookie, params.statusId, body), { detail: { hide: true } });
}
