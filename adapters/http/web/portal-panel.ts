import type { Language } from "../../../core/language.ts";
import { outcome } from "./notices.ts";
import type { Feedback } from "../../../core/schemas/feedback.ts";
import { COMMENT_MAX_LENGTH } from "../../../core/schemas/feedback.ts";
import { PUBLIC_DESCRIPTION_MAX_LENGTH, PUBLIC_TITLE_MAX_LENGTH } from "../../../core/schemas/portal.ts";
import { textFor } from "../catalog/text.ts";
import { type Html, html } from "../html.ts";
import { portalTeamWords } from "./portal-words.ts";
import { openingWords } from "./activity.ts";
import { actsOn, postButton } from "./settings-page.ts";
import type { Visitor } from "./visitor.ts";

const csrf = (visitor: Visitor) => html`<input type="hidden" name="csrf" value="${visitor.csrf}">`;

/** What a portal action on the feedback page did, or why it was refused, from the address it returned to. */
export function portalNotice(language: Language, params: URLSearchParams): Html | string {
  const w = portalTeamWords(language);
  const done = params.get("portal");
  if (done && w.done[done]) return outcome(w.done[done]);
  const error = params.get("portalError") as keyof ReturnType<typeof textFor>["errors"] | null;
  const message = error && textFor(language).errors[error];
  return message ? outcome(message, { role: "alert" }) : "";
}

/**
 * The feedback's place on the portal, in the feedback page's side bar: whether it is published
 * (and where), the public title and description to publish it with, and unpublishing.
 */
export function portalPanel(visitor: Visitor, feedback: Feedback, portalUrl: string | null, canUpdate: boolean): Html {
  const w = portalTeamWords(visitor.language);
  const path = `/inbox/${encodeURIComponent(feedback.key)}`;
  const state = feedback.published
    ? html`<p>${w.published}${portalUrl ? html` <a href="${portalUrl}/${encodeURIComponent(feedback.key)}">${w.viewPublic}</a>` : ""}</p>${portalUrl ? "" : html`<p class="muted">${w.portalOff}</p>`}`
    : html`<p class="muted">${w.notPublished}</p>`;
  if (!canUpdate) return html`<h2>${w.portal}</h2>${state}`;
  // Offered the feedback's own title, cut from a long report's first sentence (core/report/title.ts): it says so.
  const cut = feedback.publicTitle === undefined && feedback.title.endsWith("…");
  // The id is where the page's top leads a phone (its to-actions links), past the activity and the side bar.
  return html`<h2 id="portal">${w.portal}</h2>${state}
<form method="post" action="${path}/publish">${csrf(visitor)}
<label for="public-title">${w.publicTitle}</label><input id="public-title" name="title" maxlength="${PUBLIC_TITLE_MAX_LENGTH}" value="${feedback.publicTitle ?? feedback.title}"${
    cut ? html` aria-describedby="public-title-hint"` : ""
  }>${cut ? html`<p class="muted" id="public-title-hint">${w.publicTitleCut}</p>` : ""}
<label for="public-description">${w.publicDescription}</label><textarea id="public-description" name="description" maxlength="${PUBLIC_DESCRIPTION_MAX_LENGTH}" aria-describedby="public-description-hint">${feedback.publicDescription ?? ""}</textarea>
<p class="muted" id="public-description-hint">${w.publicDescriptionHint}</p>
<button type="submit">${feedback.published ? w.update : w.publish}</button></form>
${feedback.published ? html`<form method="post" action="${path}/unpublish" class="apart">${csrf(visitor)}<button type="submit" class="secondary">${w.unpublish}</button></form>` : ""}`;
}

/**
 * Comments people wrote on the portal while posting is in review, held for the team: each with its
 * Publish button, and Reject, which asks once more (it deletes the comment for good).
 */
export function heldComments(visitor: Visitor, feedback: Pick<Feedback, "key" | "comments">): Html | "" {
  const held = feedback.comments.filter((c) => c.fromPortal && c.visibility === "internal" && c.id);
  if (held.length === 0) return "";
  const w = portalTeamWords(visitor.language);
  const path = `/inbox/${encodeURIComponent(feedback.key)}/comments`;
  return html`<h2>${w.heldTitle}</h2><p class="muted">${w.heldIntro}</p><ul class="plain">${held.map((c) => {
    const comment = w.commentBy(c.author ?? undefined, openingWords(c.text));
    return html`<li><p><strong>${c.author ?? ""}</strong></p><p class="message">${c.text}</p>
<div class="pair-actions"><form method="post" action="${path}/${encodeURIComponent(c.id!)}/publish" class="inline">${csrf(visitor)}<button type="submit">${w.publishComment}${actsOn(comment)}</button></form>
${postButton(visitor, `${path}/${encodeURIComponent(c.id!)}/reject`, w.rejectComment, { of: comment })}</div></li>`;
  })}</ul>`;
}

/** A comment on its own, internal (the default) or public, under the feedback's activity. */
export function commentForm(visitor: Visitor, feedback: Pick<Feedback, "key">, mails: boolean): Html {
  const w = portalTeamWords(visitor.language);
  return html`<h2>${w.addComment}</h2><form method="post" action="/inbox/${encodeURIComponent(feedback.key)}/comment">${csrf(visitor)}
<label for="new-comment">${w.comment}</label><textarea id="new-comment" name="text" maxlength="${COMMENT_MAX_LENGTH}" required></textarea>
<fieldset><legend>${w.visibility}</legend>
<label class="choice"><input type="radio" name="visibility" value="internal" checked> ${w.internal}</label>
<label class="choice"><input type="radio" name="visibility" value="public"> ${mails ? w.publicMailed : w.public}</label></fieldset>
<button type="submit">${w.send}</button></form>`;
}
