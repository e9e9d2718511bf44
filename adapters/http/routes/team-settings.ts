import { Elysia } from "elysia";
import { outcome } from "../web/notices.ts";
import type { Services } from "../../../core/services.ts";
import { inviteMember } from "../../../core/team/invite-member.ts";
import { revokeInvitation } from "../../../core/team/revoke-invitation.ts";
import { readTeamSettings } from "../../../core/team/read-team-settings.ts";
import { saveTeamSettings } from "../../../core/team/save-team-settings.ts";
import { invitationRefusal } from "../web/invitations-panel.ts";
import { STATUS_OF } from "../error-status.ts";
import { html, redirect } from "../html.ts";
import { redirectWithFlash } from "../web/flash.ts";
import { asMember, asMemberPosting } from "../web/layout.ts";
import { refusal, settingsPage, unconfirmed } from "../web/settings-page.ts";
import type { Visitor } from "../web/visitor.ts";
import { wordsFor } from "../web/words.ts";
import { membersPage } from "./settings-access.ts";

async function accountPage(services: Services, visitor: Visitor, saved: boolean): Promise<Response> {
  const w = wordsFor(visitor.language, "account");
  const settings = await readTeamSettings(services, visitor.grant.userId, visitor.language);
  const language = (code: "en" | "fr", name: string) =>
    html`<option value="${code}"${settings.language === code ? html` selected` : ""}>${name}</option>`;
  return settingsPage(
    visitor,
    "/account",
    w.account,
    html`<div class="narrow"><p class="muted">${visitor.email}</p>
${saved ? outcome(w.saved) : ""}
<h2>${w.notifications}</h2><p>${w.notificationsHint}</p>
<form method="post" action="/account"><input type="hidden" name="csrf" value="${visitor.csrf}">
<label><input type="checkbox" name="digest" value="yes"${settings.digest ? html` checked` : ""}> ${w.digest}</label>
<label for="mail-language">${w.mailLanguage}</label><select id="mail-language" name="language">${language("en", "English")}${language("fr", "Français")}</select>
<button type="submit">${w.save}</button></form></div>`,
  );
}

/** A person's account page (the e-mails they receive), and the invitations of the members settings page. */
export function teamSettingsRoutes(services: Services) {
  return new Elysia({ name: "routes/team-settings" })
    .get(
      "/account",
      ({ request, cookie }) =>
        asMember(services, { request, cookie }, (visitor) => accountPage(services, visitor, new URL(request.url).searchParams.has("saved"))),
      {
        detail: { hide: true },
      },
    )
    .post(
      "/account",
      ({ request, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          await saveTeamSettings(services, visitor.grant.userId, {
            digest: field("digest") === "yes",
            language: field("language") === "fr" ? "fr" : "en",
          });
          return redirect("/account?saved");
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/invitations",
      ({ request, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const invited = await inviteMember(services, visitor.grant, { email: field("email"), role: field("role"), language: visitor.language });
          if (!invited.ok && invited.code === "forbidden") return membersPage(services, visitor, refusal(visitor, invited));
          if (!invited.ok) {
            // Said beside the form, of its own field, with what was typed kept in it.
            const error = invitationRefusal(visitor.language, invited, field("email"));
            const page = await membersPage(
              services,
              visitor,
              { status: STATUS_OF[invited.code] },
              { error, email: field("email"), role: field("role") },
            );
            // A 429 says when to try again, as the API's does.
            if (invited.retryAfter !== undefined) page.headers.set("retry-after", String(invited.retryAfter));
            return page;
          }
          const label = wordsFor(visitor.language, "inviting")[services.notifier.delivers ? "linkOnce" : "linkOnceNoEmail"](
            invited.value.invitation.email,
          );
          return redirectWithFlash(services, cookie, { kind: "secret", label, value: invited.value.url }, "/settings/members");
        }),
      { detail: { hide: true } },
    )
    .post(
      "/settings/invitations/:id/revoke",
      ({ request, params, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const w = wordsFor(visitor.language, "inviting");
          const action = `/settings/invitations/${encodeURIComponent(params.id)}/revoke`;
          const asking = unconfirmed(visitor, field, { action, question: w.confirmRevoke, label: w.revoke, back: "/settings/members" });
          if (asking) return asking;
          const revoked = await revokeInvitation(services, visitor.grant, params.id);
          if (!revoked.ok) return membersPage(services, visitor, refusal(visitor, revoked));
          return redirect("/settings/members");
        }),
      { detail: { hide: true } },
    );
}
