import { Elysia } from "elysia";
import type { Services } from "../../../core/services.ts";
import { acceptInvitation, NAME_MAX_LENGTH } from "../../../core/team/accept-invitation.ts";
import { type OpenedInvitation, openInvitation } from "../../../core/team/open-invitation.ts";
import { textFor } from "../catalog/text.ts";
import type { WebRequest } from "../cookies.ts";
import { html, page, redirect } from "../html.ts";
import { csrfToken, openSession, signedInUser } from "../web-session.ts";
import { formText, publicFormRefusal } from "../web/public-form.ts";
import { pageLanguage } from "../web/visitor.ts";
import { valueName, wordsFor } from "../web/words.ts";
import { languageSwitch } from "../web/layout.ts";
import { outcome, refusedField } from "../web/notices.ts";

/** The page an invitation link opens: the person chooses a name and a password (or gives theirs) and lands in the organization, signed in. */
export function joinRoutes(services: Services, clientAddress: (request: Request) => string) {
  // `name`: the one typed, kept when the form is refused; `refused`, the field the error is said beside (else above the form).
  async function joinPage(
    web: WebRequest,
    token: string,
    opened: OpenedInvitation,
    error?: string,
    status = 200,
    { name = "", refused }: { name?: string; refused?: "name" | "password" } = {},
  ): Promise<Response> {
    const language = pageLanguage(services, web);
    const w = wordsFor(language, "join");
    // A used invitation opened by a signed-in person (most often its own account, going Back after joining) has done its
    // work: like Slack, Linear or Notion, go straight to the inbox rather than show a dead end that says to sign in.
    // The redirect takes this entry's place in the history, so a second Back leaves.
    if (opened.state === "used" && (await signedInUser(services, web.cookie))) return redirect("/inbox");
    if (opened.state !== "open") {
      const said: Record<typeof opened.state, readonly [string, string]> = {
        expired: [w.expired, w.expiredHint],
        used: [w.used, w.usedHint],
        revoked: [w.revoked, w.revokedHint],
        unknown: [w.unknown, w.unknownHint],
      };
      const [title, hint] = said[opened.state];
      return page(title, html`${languageSwitch(language, web.request)}<h1>${title}</h1><p>${hint}</p><p><a href="/login">${w.goToSignIn}</a></p>`, {
        language,
        status: opened.state === "unknown" ? 404 : 410,
      });
    }
    const { invitation, orgName, existingAccount } = opened;
    const csrf = await csrfToken(services, web.cookie);
    const said = (field: "name" | "password") => refusedField(`${field}-error`, refused === field ? error : undefined);
    const [nameSaid, passwordSaid] = [said("name"), said("password")];
    // Unrefused, the cursor starts in the form's first field; an error of no single field takes the focus itself.
    const first = error ? "" : html` autofocus`;
    const fields = existingAccount
      ? html`<p>${w.existingAccountHint}</p>
<label for="password">${w.password}</label>${passwordSaid.said}<input id="password" name="password" type="password" autocomplete="current-password" required${passwordSaid.marks}${first}>`
      : html`<p>${w.newAccountHint}</p>
<label for="name">${w.yourName}</label>${nameSaid.said}<input id="name" name="name" autocomplete="name" required maxlength="${NAME_MAX_LENGTH}"${name ? html` value="${name}"` : ""}${nameSaid.marks}${first}>
<label for="password">${w.password}</label>${passwordSaid.said}<input id="password" name="password" type="password" autocomplete="new-password" minlength="10" required${passwordSaid.marks}>`;
    return page(
      `${w.joinTitle} ${orgName}`,
      html`${languageSwitch(language, web.request)}<h1>${w.joinTitle} ${orgName}</h1>
<p>${w.invitedAs} <strong>${valueName(language, invitation.role)}</strong> · ${invitation.email}</p>
${error && !refused ? outcome(error, { role: "alert" }) : ""}
<form method="post" action="/invitation"><input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="t" value="${token}">
${fields}
<button type="submit">${w.joinButton}</button></form>`,
      { language, status },
    );
  }

  return new Elysia({ name: "routes/join" })
    .get(
      "/invitation",
      async ({ request, cookie }) => {
        const token = new URL(request.url).searchParams.get("t") ?? "";
        return joinPage({ request, cookie }, token, await openInvitation(services, token));
      },
      { detail: { hide: true } },
    )
    .post(
      "/invitation",
      async ({ request, body, cookie }) => {
        const web = { request, cookie };
        const field = formText(body);
        const token = field("t");
        const language = pageLanguage(services, web);
        const refused = await publicFormRefusal(services, web, field("csrf"));
        if (refused) return joinPage(web, token, await openInvitation(services, token), wordsFor(language, "common")[refused], 403);
        const accepted = await acceptInvitation(services, {
          token,
          name: field("name"),
          password: field("password"),
          clientAddress: clientAddress(request),
        });
        if (!accepted.ok) {
          if (accepted.code === "link") return joinPage(web, token, { state: accepted.state });
          const w = wordsFor(language, "join");
          const [error, status] =
            accepted.code === "bad_credentials"
              ? [w.wrongPassword, 401]
              : accepted.code === "rate_limited"
                ? [w.tooManyAttempts, 429]
                : accepted.code === "weak_password"
                  ? [w.weakPassword, 400]
                  : accepted.code === "invalid_body" && accepted.problem?.reason === "missing"
                    ? [w.nameNeeded, 400]
                    : [textFor(language).errors[accepted.code], 400];
          // A name missing or too long is the name's; a password too weak or wrong (the invitation names the account) the password's.
          const refused =
            accepted.code === "invalid_body"
              ? "name"
              : accepted.code === "weak_password" || accepted.code === "bad_credentials"
                ? "password"
                : undefined;
          const typed = { name: field("name").slice(0, NAME_MAX_LENGTH), refused } as const;
          return joinPage(web, token, await openInvitation(services, token), error, status, typed);
        }
        await openSession(services, cookie, accepted.value.userId);
        return redirect(`/inbox?org=${encodeURIComponent(accepted.value.orgId)}`);
      },
      { detail: { hide: true } },
    );
}
