import { Elysia } from "elysia";
import { openForm } from "../../../core/collection/open-form.ts";
import { isEmailShaped, normalizeEmail } from "../../../core/email.ts";
import { choicesOf } from "../../../core/qualification/choices.ts";
import { type Failure, ok, type Result } from "../../../core/errors.ts";
import type { Language } from "../../../core/language.ts";
import type { QualificationQuestion, QualificationStep } from "../../../core/schemas/qualification.ts";
import { MESSAGE_MAX_LENGTH, ReportRequest, type ReportResponse } from "../../../core/schemas/report.ts";
import { codePoints } from "../../../core/schemas/text.ts";
import { validator } from "../validate.ts";
import type { Services } from "../../../core/services.ts";
import { answerQualification } from "../../../core/qualification/answer-qualification.ts";
import { sendAsItIs } from "../../../core/qualification/send-as-it-is.ts";
import { qualificationStanding } from "../../../core/qualification/qualification-standing.ts";
import type { Submitted } from "../../../core/report/record-feedback.ts";
import { submitReport } from "../../../core/collection/submit-report.ts";
import { SERVER } from "../../../core/collection/open-channel.ts";
import { errorBody, textFor } from "../catalog/text.ts";
import { type AddressBudget, addressBudget } from "../collection.ts";
import { STATUS_OF } from "../error-status.ts";
import { type Html, html, page, redirect } from "../html.ts";
import { requestLanguage } from "../language.ts";
import { postedFromOwnSite } from "../same-origin.ts";
import { outcome, refusedField } from "../web/notices.ts";
import { wordsFor } from "../web/words.ts";

type Words = ReturnType<typeof textFor>["form"];
type Fields = Record<string, string | string[] | undefined>;

const KINDS = ["problem", "idea", "praise"] as const;

/**
 * Who is asking, from the customer's app: a link to the form may carry them in its query
 * (`/f/{key}?company_id=…&company_name=…&monthly_spend=…&plan=…`), and the form sends them on, hidden.
 */
const HIDDEN = ["company_id", "company_name", "monthly_spend", "plan"] as const;

/** The reporter as the form's fields give them: an e-mail typed, a company and plan carried hidden. */
function userOf(sent: Fields) {
  const email = one(sent.email);
  const [id, name, spend, plan] = HIDDEN.map((field) => one(sent[field]));
  const monthlySpend = spend && /^\d+(\.\d+)?$/.test(spend) ? Number(spend) : undefined;
  const user = {
    ...(email && { email }),
    ...(id && name && { company: { id, name, ...(monthlySpend !== undefined && { monthlySpend }) } }),
    ...(plan && { plan }),
  };
  return Object.keys(user).length > 0 ? { user } : {};
}
const reportBody = validator(ReportRequest);

/** The report the form's fields make, for the assistant to ask its questions about first. */
function reportOf(key: string, sent: Fields) {
  const kind = KINDS.find((k) => k === one(sent.kind)) ?? "problem";
  return { publicKey: key, kind, message: one(sent.message), qualify: true, ...userOf(sent) };
}

/** How long a post waits for the same post still being recorded: 50 looks, 100 ms apart. */
const RUNNING_WAITS = 50;
const RUNNING_WAIT_MS = 100;

/** A reporter's tracking page, as a path on this service: /s/{statusId}?t={token}. */
const TRACKING_PATH = /^\/s\/[\w-]+\?t=[\w-]+$/;

/** Why the form was refused, said of its own fields: the people it serves never read a schema. */
function messageRefusal(failure: Failure, w: Words, sent: Fields): string | null {
  const tooLong = codePoints(one(sent.message)) > MESSAGE_MAX_LENGTH;
  if (failure.code === "message_too_long" || (failure.problem?.field === "message" && tooLong)) return w.messageTooLong(MESSAGE_MAX_LENGTH);
  if (failure.problem?.field === "message") return w.writeMessage;
  return null;
}

/**
 * Why a posted form is shown back: what to say, its status, and the token of a post still being
 * recorded; `field`, the field refused, beside which it is said (else above the form).
 */
interface SentBack {
  readonly said: string;
  readonly status: number;
  readonly field?: "message" | "email";
  readonly once?: string;
}

const list = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const one = (value: string | string[] | undefined): string => list(value)[0]?.trim() ?? "";
/** The questions a step asks, as its answer form names them: an answer posted again is told from the next one. */
const askedIn = (step: QualificationStep): string => (step.questions ?? []).map((q) => q.id).join(" ");

function question(q: QualificationQuestion, w: Words): Html {
  if (q.mode === "text") return html`<label for="q-${q.id}">${q.prompt}</label><textarea id="q-${q.id}" name="text" rows="3" required></textarea>`;
  const choices = choicesOf(q, w);
  const type = q.mode === "multi" ? "checkbox" : "radio";
  return html`<fieldset><legend>${q.prompt}</legend>${choices.map(
    (c) => html`<label class="choice"><input type="${type}" name="choiceIds" value="${c.id}"> ${c.label}</label>`,
  )}${q.allowTextFallback ? html`<label for="q-${q.id}">${w.orWrite}</label><input id="q-${q.id}" type="text" name="text">` : ""}</fieldset>`;
}

/**
 * The hosted form of a `form` channel, at /f/{key}: a public page that works without JavaScript,
 * sends a report and walks the assistant's questions one page at a time. It is guarded by the
 * collection budget of the client's address, a honeypot field that people never see (a filled one
 * is thanked and dropped), and a same-origin check on what is posted.
 */
export function hostedFormRoutes(services: Services, budget: AddressBudget) {
  const ownOrigin = new URL(services.baseUrl).origin;

  const formPage = (language: Language, title: string, body: Html, status = 200) =>
    page(title, html`<div class="narrow">${body}</div>`, { language, status });

  /**
   * The report form, empty or as it was sent (with what sent it back). It carries a new one-time
   * token, unless `back` gives the one of a post still being recorded: sent again, the same token
   * replays that post's answer.
   */
  const reportForm = (key: string, app: string, w: Words, language: Language, sent: Fields = {}, back?: SentBack) => {
    // A reporter on a phone sees the field refused, its error read with it, where an alert above the form left them to find it.
    const said = (field: SentBack["field"]) => refusedField(`${field}-error`, back && back.field === field ? back.said : undefined);
    const [message, email] = [said("message"), said("email")];
    return formPage(
      language,
      `${w.title} · ${app}`,
      html`<p class="muted">${w.about} ${app}</p><h1>${w.title}</h1>
${back && !back.field ? outcome(back.said, { role: "alert" }) : ""}
<form method="post" action="/f/${encodeURIComponent(key)}?lang=${language}">
<fieldset><legend>${w.kind}</legend>${KINDS.map(
        (k, i) =>
          html`<label class="choice"><input type="radio" name="kind" value="${k}"${(one(sent.kind) || "problem") === k || (!sent.kind && i === 0) ? html` checked` : ""}> ${textFor(language).values[k]}</label>`,
      )}</fieldset>
<label for="message">${w.message}</label>${message.said}<textarea id="message" name="message" rows="6" required maxlength="${MESSAGE_MAX_LENGTH}" placeholder="${w.messageHint}"${message.marks}>${one(sent.message)}</textarea>
<label for="email">${w.email}</label>${email.said}<input id="email" type="email" name="email" autocomplete="email" value="${one(sent.email)}"${email.marks}>
${HIDDEN.map((name) => (one(sent[name]) ? html`<input type="hidden" name="${name}" value="${one(sent[name])}">` : ""))}
<input type="hidden" name="once" value="${back?.once || services.ids.secret()}">
<div class="trap" aria-hidden="true"><label for="website">${w.honeypot}</label><input id="website" type="text" name="website" tabindex="-1" autocomplete="off"></div>
<p><button type="submit">${w.send}</button></p></form>`,
      back?.status ?? 200,
    );
  };

  /**
   * What a step of the report or of the qualification becomes. Questions and the thanks are pages of
   * their own, reached by a redirect, so that Back and Reload never post again. The thanks page's
   * address carries the report's tracking link (`track`: its path on this service), as the tracking
   * page's own address does: reloaded, it still shows the link, the reporter's only one without an
   * e-mail. An end without a record (the assistant's answer, a drop) is the post's own page: posted
   * again, the same answer replays the same end.
   */
  function stepResponse(key: string, app: string, language: Language, result: Result<Submitted>, sent: Fields) {
    if (!result.ok) return failurePage(key, app, language, result, sent);
    const { outcome: ended } = result.value;
    const form = `/f/${encodeURIComponent(key)}`;
    if (ended.kind === "recorded") {
      const { statusUrl } = ended.body as ReportResponse;
      const track = statusUrl?.startsWith(`${services.baseUrl}/s/`) ? `&track=${encodeURIComponent(statusUrl.slice(services.baseUrl.length))}` : "";
      return redirect(`${form}/sent?lang=${language}${track}`);
    }
    const step = ended.body as QualificationStep;
    if (step.status === "ask" || step.status === "answer") return redirect(`${form}/questions/${encodeURIComponent(step.id)}?lang=${language}`);
    const w = textFor(language).form;
    return formPage(language, w.title, html`<h1>${w.title}</h1><p>${step.message ?? ""}</p>${againLink(key, language)}`);
  }

  const againLink = (key: string, language: Language) =>
    html`<p><a class="standalone" href="/f/${encodeURIComponent(key)}?lang=${language}">${textFor(language).form.again}</a></p>`;

  /** The questions the assistant asks, with the way out: sending the report as it is; `error`, why an answer was refused. */
  function questionsPage(key: string, app: string, language: Language, step: QualificationStep, error?: string): Response {
    const w = textFor(language).form;
    const asking = w.asking(step.questions?.length ?? 0);
    return formPage(
      language,
      `${asking} · ${app}`,
      html`<p class="muted">${w.about} ${app}</p><h1>${asking}</h1>
${step.message ? html`<p>${step.message}</p>` : ""}${step.source ? html`<p><a class="standalone" href="${step.source.url}" rel="noreferrer">${step.source.title || w.source}</a></p>` : ""}
<p role="status"><strong>${w.notSent}</strong></p>
${error ? outcome(error, { role: "alert" }) : ""}
<form method="post" action="/f/${encodeURIComponent(key)}/answers/${encodeURIComponent(step.id)}?lang=${language}">
<input type="hidden" name="asked" value="${askedIn(step)}">
${(step.questions ?? []).map((q) => question(q, w))}
<p><button type="submit">${w.next}</button><button type="submit" class="secondary" formaction="/f/${encodeURIComponent(key)}/as-is/${encodeURIComponent(step.id)}?lang=${language}" formnovalidate>${w.sendAsIs}</button></p></form>`,
      error ? 400 : 200,
    );
  }

  function failurePage(key: string, app: string, language: Language, failure: Failure, sent: Fields): Response {
    const message = errorBody(failure.code, language, failure.problem).error;
    const w = textFor(language).form;
    if (failure.code === "invalid_ingest" || failure.code === "message_too_long") {
      const ofMessage = messageRefusal(failure, w, sent);
      return reportForm(key, app, w, language, sent, ofMessage ? { said: ofMessage, field: "message", status: 400 } : { said: message, status: 400 });
    }
    // The same post, still being recorded after the wait: the form as sent, to send again once it is.
    if (failure.code === "idempotency_in_progress")
      return reportForm(key, app, w, language, sent, { said: w.stillSending, status: STATUS_OF[failure.code], once: one(sent.once) });
    // A report refused for the address's budget: the form as it was written, to send once the budget allows.
    const response =
      failure.code === "rate_limited" && one(sent.message)
        ? reportForm(key, app, w, language, sent, { said: message, status: STATUS_OF[failure.code] })
        : formPage(language, message, html`<h1>${message}</h1>${againLink(key, language)}`, STATUS_OF[failure.code]);
    if (failure.retryAfter !== undefined) response.headers.set("retry-after", String(failure.retryAfter));
    return response;
  }

  /** Refuses posts from other sites, and past the address's budget (a report keeps what was written); null lets the post through. */
  async function guard(request: Request, key: string, language: Language, sent: Fields): Promise<Response | null> {
    if (!postedFromOwnSite(request, ownOrigin)) {
      const refused = wordsFor(language, "common").otherSite;
      return formPage(language, refused, html`<h1>${refused}</h1>`, 403);
    }
    const limited = await addressBudget(services, request, budget);
    if (!limited) return null;
    const form = one(sent.message) ? await openForm(services, key) : null;
    return form?.ok ? failurePage(key, form.value.app.name, language, limited, sent) : failurePage(key, "", language, limited, {});
  }

  /** A post to a form: refused from other sites and past the budget, 404 for no form; else handled with what was sent. */
  async function posted(
    request: Request,
    key: string,
    body: unknown,
    handle: (language: Language, app: string, sent: Fields) => Promise<Response> | Response,
  ): Promise<Response> {
    const language = requestLanguage(request);
    const sent = (body ?? {}) as Fields;
    const refused = await guard(request, key, language, sent);
    if (refused) return refused;
    const form = await openForm(services, key);
    return form.ok ? handle(language, form.value.app.name, sent) : notFound(language);
  }

  /**
   * The report's idempotency key: the page's one-time token with what it sends, so the same post
   * again (a retry, a double press) replays the first answer and records nothing more, while the
   * page sent again with other words (Back, edited) is a report of its own. A digest, so a token
   * of any length makes a valid key. None without a token: a post from no page of ours.
   */
  const onceKey = (sent: Fields, report: ReturnType<typeof reportOf>) =>
    one(sent.once) ? services.digest(`${one(sent.once)}\n${JSON.stringify(report)}`) : undefined;

  /**
   * A double press posts again while the first post is being recorded: the second waits for the
   * first (a bounded while), then replays its answer, since the browser shows the second's page.
   */
  async function submitOnce(report: ReturnType<typeof reportOf>, key: string | undefined, language: Language): Promise<Result<Submitted>> {
    let result = await submitReport(services, report, key, SERVER, { reads: language });
    for (let wait = 0; !result.ok && result.code === "idempotency_in_progress" && wait < RUNNING_WAITS; wait++) {
      await new Promise((resolve) => setTimeout(resolve, RUNNING_WAIT_MS));
      result = await submitReport(services, report, key, SERVER, { reads: language });
    }
    return result;
  }

  const notFound = (language: Language) =>
    formPage(language, textFor(language).form.notFound, html`<h1>${textFor(language).form.notFound}</h1>`, 404);

  return new Elysia({ name: "routes/hosted-form" })
    .get(
      "/f/:key",
      async ({ request, params }) => {
        const language = requestLanguage(request);
        const form = await openForm(services, params.key);
        const carried = Object.fromEntries(HIDDEN.map((name) => [name, new URL(request.url).searchParams.get(name) ?? undefined]));
        return form.ok ? reportForm(params.key, form.value.app.name, textFor(language).form, language, carried) : notFound(language);
      },
      { detail: { hide: true } },
    )
    .get(
      "/f/:key/questions/:id",
      async ({ request, params }) => {
        const language = requestLanguage(request);
        const form = await openForm(services, params.key);
        if (!form.ok) return notFound(language);
        const standing = await qualificationStanding(services, params.id, params.key);
        if (standing.ok) {
          const at = standing.value;
          // Back to questions already answered: the end they came to (the thanks, with the tracking link).
          return "asking" in at
            ? questionsPage(params.key, form.value.app.name, language, at.asking)
            : stepResponse(params.key, form.value.app.name, language, ok({ outcome: at.ended, replayed: true }), {});
        }
        // Left unanswered too long: nothing was sent.
        const w = textFor(language).form;
        return formPage(
          language,
          w.questionsOver,
          html`<h1>${w.questionsOver}</h1><p>${w.questionsOverHint}</p>${againLink(params.key, language)}`,
          404,
        );
      },
      { detail: { hide: true } },
    )
    .get(
      "/f/:key/sent",
      async ({ request, params }) => {
        const language = requestLanguage(request);
        const form = await openForm(services, params.key);
        if (!form.ok) return notFound(language);
        const w = textFor(language).form;
        // Only a tracking page of this service is linked to, whatever the address was given.
        const track = new URL(request.url).searchParams.get("track") ?? "";
        const tracking = TRACKING_PATH.test(track) ? `${services.baseUrl}${track}` : null;
        // The tracking link is the reporter's way back, the only one when they gave no e-mail: said so.
        const follow = tracking ? html`<p><a class="standalone" href="${tracking}">${w.track}</a></p><p class="muted">${w.keepLink}</p>` : "";
        return formPage(
          language,
          w.thanks,
          html`<p class="muted">${w.about} ${form.value.app.name}</p><h1>${w.thanks}</h1>${follow}${againLink(params.key, language)}`,
        );
      },
      { detail: { hide: true } },
    )
    .post(
      "/f/:key",
      ({ request, params, body }) =>
        posted(request, params.key, body, async (language, app, sent) => {
          // A robot fills every field; a person never sees this one. Thanked as a person is, and dropped.
          if (one(sent.website)) return redirect(`/f/${encodeURIComponent(params.key)}/sent?lang=${language}`);
          // The API ignores an e-mail of the wrong shape; a person who typed one expects to hear back, so is told.
          const email = one(sent.email);
          if (email && !isEmailShaped(normalizeEmail(email)))
            return reportForm(params.key, app, textFor(language).form, language, sent, {
              said: textFor(language).form.emailInvalid,
              field: "email",
              status: 400,
            });
          const report = reportOf(params.key, sent);
          if (!reportBody.check(report)) return failurePage(params.key, app, language, reportBody.refuse("invalid_ingest", report), sent);
          return stepResponse(params.key, app, language, await submitOnce(report, onceKey(sent, report), language), sent);
        }),
      { detail: { hide: true } },
    )
    .post(
      "/f/:key/answers/:id",
      ({ request, params, body }) =>
        posted(request, params.key, body, async (language, app, sent) => {
          const text = list(sent.text)
            .map((t) => t.trim())
            .filter(Boolean)
            .join("\n");
          const choiceIds = list(sent.choiceIds);
          const standing = await qualificationStanding(services, params.id, params.key);
          const asking = standing.ok && "asking" in standing.value ? standing.value.asking : null;
          // The same answer posted again (a retry, a second tab) answers nothing: the questions now asked are shown.
          if (asking && sent.asked !== undefined && one(sent.asked) !== askedIn(asking))
            return redirect(`/f/${encodeURIComponent(params.key)}/questions/${encodeURIComponent(params.id)}?lang=${language}`);
          const answer = { publicKey: params.key, ...(text && { text }), ...(choiceIds.length > 0 && { choiceIds }) };
          const answered = await answerQualification(services, params.id, answer);
          // No answer, or none of the choices: the same questions again, saying so, the report still waiting.
          if (asking && !answered.ok && (answered.code === "missing_answer" || answered.code === "invalid_answer")) {
            // Said without the field at fault: its name (choiceIds) is the API's, never shown on this page.
            const error = errorBody(answered.code, language).error;
            return questionsPage(params.key, app, language, asking, error);
          }
          return stepResponse(params.key, app, language, answered, sent);
        }),
      { detail: { hide: true } },
    )
    .post(
      "/f/:key/as-is/:id",
      ({ request, params, body }) =>
        // The report the qualification holds, as first sent: recorded once, the qualification ended with it.
        posted(request, params.key, body, async (language, app, sent) =>
          stepResponse(params.key, app, language, await sendAsItIs(services, params.id, params.key), sent),
        ),
      { detail: { hide: true } },
    );
}
