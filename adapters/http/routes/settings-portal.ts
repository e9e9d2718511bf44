import { Elysia } from "elysia";
import type { Failure } from "../../../core/errors.ts";
import { getPortal } from "../../../core/portal/get-portal.ts";
import { rotateSsoSecret } from "../../../core/portal/rotate-sso-secret.ts";
import { setPortal } from "../../../core/portal/set-portal.ts";
import { DEFAULT_STATUS_LABELS } from "../../../core/portal/status-labels.ts";
import { STATUSES } from "../../../core/schemas/feedback.ts";
import {
  PORTAL_TITLE_MAX_LENGTH,
  POSTING_MODES,
  type Portal,
  PortalUpdate,
  SIGN_IN_URL_MAX_LENGTH,
  STATUS_LABEL_MAX_LENGTH,
} from "../../../core/schemas/portal.ts";
import type { Services } from "../../../core/services.ts";
import { describeFieldProblem, textFor } from "../catalog/text.ts";
import { type Html, html, redirect } from "../html.ts";
import { validator } from "../validate.ts";
import { asMember, asMemberPosting } from "../web/layout.ts";
import { portalTeamWords } from "../web/portal-words.ts";
import { valueName } from "../web/words.ts";
import { postButton, refusal, refusedPage, settingsPage, unconfirmed } from "../web/settings-page.ts";
import { flash, takeSecret } from "../web/flash.ts";
import type { Visitor } from "../web/visitor.ts";

const update = validator(PortalUpdate);
const PATH = "/settings/portal";

interface Notice {
  readonly saved?: boolean;
  readonly error?: string;
  readonly status?: number;
  readonly secret?: string;
  /** A refused change's texts as typed, shown in the form instead of the stored ones. */
  readonly typed?: Pick<Portal, "slug" | "title" | "brandColor" | "signInUrl">;
}

function form(visitor: Visitor, portal: Portal): Html {
  const w = portalTeamWords(visitor.language);
  const defaults = DEFAULT_STATUS_LABELS[visitor.language];
  const checked = (on: boolean) => (on ? html` checked` : "");
  return html`<form method="post" action="${PATH}" class="narrow"><input type="hidden" name="csrf" value="${visitor.csrf}">
<label><input type="checkbox" name="enabled" value="yes"${checked(portal.enabled)}> ${w.enabled}</label>
<label for="portal-slug">${w.slug}</label><input id="portal-slug" name="slug" value="${portal.slug}" required maxlength="40" pattern="[a-z0-9](?:[a-z0-9\\-]{0,38}[a-z0-9])?" aria-describedby="portal-slug-hint">
<p class="muted" id="portal-slug-hint">${portal.url.slice(0, portal.url.length - portal.slug.length)}… — ${w.slugHint}</p>
<label for="portal-title">${w.title}</label><input id="portal-title" name="title" value="${portal.title}" required maxlength="${PORTAL_TITLE_MAX_LENGTH}">
<fieldset><legend>${w.posting}</legend>${POSTING_MODES.map(
    (m) => html`<label class="choice"><input type="radio" name="posting" value="${m}"${checked(portal.posting === m)}> ${w.postingModes[m]}</label>`,
  )}</fieldset>
<label><input type="checkbox" name="indexing" value="yes"${checked(portal.indexing)}> ${w.indexing}</label>
<label for="portal-brand">${w.brandColor}</label><input id="portal-brand" name="brandColor" value="${portal.brandColor ?? ""}" maxlength="7" placeholder="#4f46e5" aria-describedby="portal-brand-hint">
<p class="muted" id="portal-brand-hint">${w.brandColorHint}</p>
<fieldset><legend>${w.statusLabels}</legend><p class="muted">${w.statusLabelHint}</p>${STATUSES.map(
    (s) =>
      html`<label for="label-${s}">${valueName(visitor.language, s)}</label><input id="label-${s}" name="label-${s}" value="${portal.statusLabels[s] ?? ""}" maxlength="${STATUS_LABEL_MAX_LENGTH}" placeholder="${defaults[s]}">`,
  )}</fieldset>
<label for="portal-sign-in">${w.signInUrl}</label><input id="portal-sign-in" name="signInUrl" type="url" value="${portal.signInUrl ?? ""}" maxlength="${SIGN_IN_URL_MAX_LENGTH}" placeholder="https://app.example.com/login" aria-describedby="portal-sign-in-hint">
<p class="muted" id="portal-sign-in-hint">${w.signInUrlHint.replace("{address}", portal.url)}${portal.signInUrl && !portal.ssoSecretSet ? html` <strong>${w.signInUrlNoSecret}</strong>` : ""}</p>
<button type="submit">${w.save}</button></form>`;
}

/** Whether the portal has an SSO secret; one that no longer opens is said plainly, as it stops every sign-in through the organization's. */
const ssoState = (w: ReturnType<typeof portalTeamWords>, portal: Portal): Html =>
  portal.ssoSecretLost
    ? html`<p role="note"><strong>${w.ssoLost}</strong></p>`
    : html`<p class="muted">${portal.ssoSecretSet ? w.ssoSet : w.ssoNone}</p>`;

/**
 * Where the service sends no e-mail, people sign in to the portal by single sign-on alone: what
 * it still lacks (its address, its secret or both), the thing to do, is said in bold; once it has both, that it is ready.
 */
function ssoOnly(w: ReturnType<typeof portalTeamWords>, portal: Portal): Html {
  const missing = portal.signInUrl ? (portal.ssoSecretSet ? null : "secret") : portal.ssoSecretSet ? "address" : "both";
  return missing
    ? html`<p role="note">${w.noEmail} <strong>${w.ssoMissing[missing]}</strong></p>`
    : html`<p class="muted">${w.noEmail} ${w.ssoReady}</p>`;
}

async function portalPage(services: Services, visitor: Visitor, notice: Notice = {}): Promise<Response> {
  const w = portalTeamWords(visitor.language);
  const read = await getPortal(services, visitor.grant);
  if (!read.ok) return refusedPage(visitor, PATH, w.portal, read, w.whoMay);
  const portal = read.value;
  // The secret is shown once, where the redirect after creating it lands (`#secret`).
  const sso = html`<h2>${w.sso}</h2><p>${w.ssoIntro.replace("{address}", portal.url)}</p>
${notice.secret ? html`<div class="notice" role="status" id="secret"><p>${w.ssoShown}</p><pre class="secret">${notice.secret}</pre></div>` : ssoState(w, portal)}
${postButton(visitor, `${PATH}/sso-secret`, portal.ssoSecretSet ? w.ssoRotate : w.ssoCreate)}`;
  return settingsPage(
    visitor,
    PATH,
    w.portal,
    html`<p>${w.settingsIntro}</p>${portal.enabled ? html`<p><a href="${portal.url}">${w.openPortal}</a></p>` : ""}
${notice.saved ? html`<p class="notice" role="status">${w.saved}</p>` : ""}${notice.error ? html`<p class="error" role="alert">${notice.error}</p>` : ""}
${services.notifier.delivers ? "" : ssoOnly(w, portal)}
${form(visitor, { ...portal, ...notice.typed })}${sso}`,
    notice.status ?? 200,
  );
}

/** The portal's settings page (Admin): turning it on, its address, title, posting, indexing, colour, labels, the organization's sign-in page and the SSO secret. */
export function settingsPortalRoutes(services: Services) {
  const refused = (visitor: Visitor, failure: Failure, typed?: Notice["typed"]) => {
    // A field refused is said by its label, in words; the texts typed stay in the form.
    const w = portalTeamWords(visitor.language);
    const labels: Readonly<Record<string, string>> = { slug: w.slug, title: w.title, brandColor: w.brandColor, signInUrl: w.signInUrl };
    const known = failure.problem !== undefined && Object.hasOwn(labels, failure.problem.field);
    // The form takes an empty field where the API takes null: a colour or an address refused is said with that way out.
    const problems = textFor(visitor.language).problems;
    const said =
      failure.problem?.field === "brandColor"
        ? `${problems.says(w.brandColor, problems.expected(problems.color))} ${w.brandColorEmpty}`
        : failure.problem?.field === "signInUrl"
          ? `${problems.says(w.signInUrl, problems.expected(problems.signInUrl))} ${w.signInUrlEmpty}`
          : known && describeFieldProblem(failure.problem!, visitor.language, labels);
    const notice = said ? { error: said, status: 400 } : refusal(visitor, failure);
    return portalPage(services, visitor, { ...notice, ...(typed && { typed }) });
  };
  return new Elysia({ name: "routes/settings-portal" })
    .get(
      PATH,
      ({ request, cookie }) =>
        asMember(services, { request, cookie }, async (visitor) =>
          portalPage(services, visitor, {
            saved: new URL(request.url).searchParams.has("saved"),
            secret: (await takeSecret(services, cookie))?.value,
          }),
        ),
      { detail: { hide: true } },
    )
    .post(
      PATH,
      ({ request, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const brandColor = field("brandColor").trim();
          const signInUrl = field("signInUrl").trim();
          const asked = {
            enabled: field("enabled") === "yes",
            slug: field("slug").trim().toLowerCase(),
            title: field("title"),
            posting: field("posting") || "review",
            indexing: field("indexing") === "yes",
            brandColor: brandColor || null,
            signInUrl: signInUrl || null,
            statusLabels: Object.fromEntries(STATUSES.map((s) => [s, field(`label-${s}`).trim()]).filter(([, label]) => label)),
          };
          const typed = { slug: asked.slug, title: asked.title, brandColor: asked.brandColor, signInUrl: asked.signInUrl };
          if (!update.check(asked)) return refused(visitor, update.refuse("invalid_body", asked), typed);
          const saved = await setPortal(services, visitor.grant, asked);
          return saved.ok ? redirect(`${PATH}?saved`) : refused(visitor, saved, typed);
        }),
      { detail: { hide: true } },
    )
    .post(
      `${PATH}/sso-secret`,
      ({ request, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const w = portalTeamWords(visitor.language);
          const read = await getPortal(services, visitor.grant);
          // Rotating refuses at once the tokens signed with the current secret: it is asked once more.
          const ask = {
            action: `${PATH}/sso-secret`,
            question: w.ssoConfirmRotate,
            detail: html`<p>${w.ssoRotateHint}</p>`,
            label: w.ssoRotate,
            back: PATH,
          };
          const asking = read.ok && read.value.ssoSecretSet ? unconfirmed(visitor, field, ask) : null;
          if (asking) return asking;
          const rotated = await rotateSsoSecret(services, visitor.grant);
          if (!rotated.ok) return refused(visitor, rotated);
          // Shown once, by the page the POST redirects to (a reload makes no new secret), at the secret itself: it is at the page's end.
          await flash(services, cookie, { kind: "secret", label: w.ssoShown, value: rotated.value.ssoSecret });
          return redirect(`${PATH}#secret`);
        }),
      { detail: { hide: true } },
    );
}
