import { Elysia } from "elysia";
import type { Services } from "../../../core/services.ts";
import { requestPasswordReset } from "../../../core/team/request-password-reset.ts";
import { resetLinkOpens } from "../../../core/team/reset-link.ts";
import { resetPassword } from "../../../core/team/reset-password.ts";
import type { WebRequest } from "../cookies.ts";
import { type Html, html, page, redirect } from "../html.ts";
import { csrfToken, openSession } from "../web-session.ts";
import { formText, publicFormRefusal } from "../web/public-form.ts";
import { pageLanguage } from "../web/visitor.ts";
import { wordsFor } from "../web/words.ts";
import { languageSwitch } from "../web/layout.ts";
import { outcome, refusedField } from "../web/notices.ts";

/** "Forgot password" and the page a reset link opens: usable before sign-in, without JavaScript. */
export function passwordResetRoutes(services: Services, clientAddress: (request: Request) => string) {
  const words = (web: WebRequest) => wordsFor(pageLanguage(services, web), "password");
  const show = (web: WebRequest, title: string, body: Html, status = 200, headers: Record<string, string> = {}) => {
    const language = pageLanguage(services, web);
    const response = page(title, html`${languageSwitch(language, web.request)}${body}`, { status, language });
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  };

  async function forgotPage(web: WebRequest, notice: { said?: string; error?: string } = {}, status = 200, headers: Record<string, string> = {}) {
    const w = words(web);
    // Without a way to send the link, the page says so rather than promise one.
    if (!services.notifier.delivers)
      return show(web, w.forgotTitle, html`<h1>${w.forgotTitle}</h1><p>${w.noEmail}</p><p><a href="/login">${w.backToSignIn}</a></p>`, status);
    const csrf = await csrfToken(services, web.cookie);
    return show(
      web,
      w.forgotTitle,
      html`<h1>${w.forgotTitle}</h1>
${notice.said ? outcome(notice.said) : ""}${notice.error ? outcome(notice.error, { role: "alert" }) : ""}
<p>${w.forgotHint}</p>
<form method="post" action="/forgot-password"><input type="hidden" name="csrf" value="${csrf}">
<label for="email">${w.email}</label><input id="email" name="email" type="email" autocomplete="username" required${notice.said || notice.error ? "" : html` autofocus`}>
<button type="submit">${w.sendLink}</button></form>
<p><a href="/login">${w.backToSignIn}</a></p>`,
      status,
      headers,
    );
  }

  // `ofPassword`: the error is the password's, said beside it; else the page's, above the form.
  async function resetPage(web: WebRequest, token: string, refused?: { error: string; ofPassword?: boolean; status: number }) {
    const w = words(web);
    const csrf = await csrfToken(services, web.cookie);
    const password = refusedField("password-error", refused?.ofPassword ? refused.error : undefined, "password-hint");
    return show(
      web,
      w.resetTitle,
      html`<h1>${w.resetTitle}</h1>${refused && !refused.ofPassword ? outcome(refused.error, { role: "alert" }) : ""}
<form method="post" action="/reset-password"><input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="t" value="${token}">
<label for="password">${w.newPassword}</label>${password.said}<input id="password" name="password" type="password" autocomplete="new-password" minlength="10" required${refused ? "" : html` autofocus`}${password.marks}>
<p class="muted" id="password-hint">${w.passwordHint}</p>
<button type="submit">${w.setPassword}</button></form>`,
      refused?.status ?? 200,
    );
  }

  const linkGone = (web: WebRequest) => {
    const w = words(web);
    return show(
      web,
      w.linkInvalid,
      html`<h1>${w.linkInvalid}</h1><p>${w.linkInvalidHint}</p><p><a href="/forgot-password">${w.askAgain}</a> · <a href="/login">${w.backToSignIn}</a></p>`,
      410,
    );
  };

  return new Elysia({ name: "routes/password-reset" })
    .get("/forgot-password", ({ request, cookie }) => forgotPage({ request, cookie }), { detail: { hide: true } })
    .post(
      "/forgot-password",
      async ({ request, body, cookie }) => {
        const web = { request, cookie };
        const field = formText(body);
        const refused = await publicFormRefusal(services, web, field("csrf"));
        if (refused) return forgotPage(web, { error: wordsFor(pageLanguage(services, web), "common")[refused] }, 403);
        if (!services.notifier.delivers) return forgotPage(web);
        const asked = await requestPasswordReset(services, {
          email: field("email"),
          clientAddress: clientAddress(request),
          language: pageLanguage(services, web),
        });
        if (!asked.ok) return forgotPage(web, { error: words(web).tooManyRequests }, 429, { "retry-after": String(asked.retryAfter ?? 60) });
        // The same answer whether or not an account has this address.
        return forgotPage(web, { said: words(web).sent });
      },
      { detail: { hide: true } },
    )
    .get(
      "/reset-password",
      async ({ request, cookie }) => {
        const token = new URL(request.url).searchParams.get("t") ?? "";
        return (await resetLinkOpens(services, token)) ? resetPage({ request, cookie }, token) : linkGone({ request, cookie });
      },
      { detail: { hide: true } },
    )
    .post(
      "/reset-password",
      async ({ request, body, cookie }) => {
        const web = { request, cookie };
        const field = formText(body);
        const refused = await publicFormRefusal(services, web, field("csrf"));
        if (refused) return resetPage(web, field("t"), { error: wordsFor(pageLanguage(services, web), "common")[refused], status: 403 });
        const reset = await resetPassword(services, { token: field("t"), password: field("password") });
        if (!reset.ok)
          return reset.code === "link"
            ? linkGone(web)
            : resetPage(web, field("t"), { error: words(web).weakPassword, ofPassword: true, status: 400 });
        await openSession(services, cookie, reset.value.userId);
        return redirect("/inbox");
      },
      { detail: { hide: true } },
    );
}
