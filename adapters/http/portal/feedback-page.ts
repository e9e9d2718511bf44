import type { Language } from "../../../core/language.ts";
import type { ShippedIn } from "../../../core/changelog/public-changelog.ts";
import type { HeldComment } from "../../../core/portal/get-public-feedback.ts";
import type { PublicFeedback } from "../../../core/schemas/portal.ts";
import type { PortalRecord } from "../../../core/store/portals.ts";
import { type Html, html } from "../html.ts";
import type { PortalLinks } from "./links.ts";
import { formatDay } from "../web/words.ts";
import { portalWords } from "./words.ts";

interface FeedbackView {
  readonly portal: PortalRecord;
  readonly language: Language;
  readonly feedback: PublicFeedback;
  readonly links: PortalLinks;
  /** The reader's own comments waiting for the team's review, shown to them alone (their page is private). */
  readonly held?: readonly HeldComment[];
  /** The published changelog entries that shipped it: named and linked in its card, so that a reader finds what came with it. */
  readonly shippedIn?: readonly ShippedIn[];
  /** Slot for voting: the vote (or withdraw) button, a POST form, or the way to sign in to vote, in place of the plain count. */
  readonly vote?: Html;
  /** A line above the card: what the person's last post or comment did. */
  readonly notice?: Html;
  /** Slot for commenting: the signed-in person's comment form, or the invitation to sign in, under the comments. */
  readonly commentForm?: Html | "";
}

/** A published feedback's page: its votes, status, public title and description, and its public comments, oldest first. */
export function feedbackBody(v: FeedbackView): Html {
  const w = portalWords(v.language);
  const f = v.feedback;
  // The reader's own held comments are in the list they read: the count says so, and which wait.
  const held = v.held ?? [];
  const votes = v.vote ?? html`<div class="votes"><strong>${f.votes}</strong><span>${w.votes(f.votes)}</span></div>`;
  return html`<div class="reading"><a class="back" href="${v.links.board()}">← ${w.backToBoard}</a>
${v.notice ?? ""}<article class="card">${votes}<div class="post">
<span class="status st-${f.status}">${f.statusLabel}</span>
<h1>${f.publicTitle}</h1>
${f.publicDescription ? html`<p class="description">${f.publicDescription}</p>` : ""}
<p class="meta"><span>${w.kinds[f.kind]}</span>${f.app.name ? html`<span>${f.app.name}</span>` : ""}<span>${w.posted} <time datetime="${f.createdAt}">${formatDay(v.language, f.createdAt)}</time></span></p>
${
  v.shippedIn?.length
    ? html`<p class="shipped-in">${w.shippedIn(v.shippedIn.length)} ${v.shippedIn.map(
        (e, i) => html`${i > 0 ? ", " : ""}<a href="${v.links.changelog()}#entry-${e.id}">${e.title}</a>`,
      )}</p>`
    : ""
}</div></article>
<section class="comments" aria-labelledby="comments-title"><h2 id="comments-title">${w.commentsTitle(f.comments.length + held.length)}${
    held.length > 0 ? ` · ${w.waitingCount(held.length)}` : ""
  }</h2>
${
  f.comments.length > 0
    ? html`<ol>${f.comments.map(
        (c) =>
          html`<li><span class="who">${c.author ?? (c.team ? v.portal.title : w.someone)}</span>${c.team ? html`<span class="badge">${w.team}</span>` : ""}<time class="when" datetime="${c.at}">${formatDay(v.language, c.at)}</time><p>${c.text}</p></li>`,
      )}</ol>`
    : held.length > 0
      ? ""
      : html`<p class="meta">${w.noComments}</p>`
}
${
  held.length > 0
    ? html`<ol class="held">${held.map(
        (c) =>
          html`<li><span class="who">${w.you}</span><time class="when" datetime="${c.at}">${formatDay(v.language, c.at)}</time><p class="pending">${w.heldForReview}</p><p>${c.text}</p></li>`,
      )}</ol>`
    : ""
}
${v.commentForm ?? ""}</section></div>`;
}
