import { type Html, html } from "../html.ts";
import type { Visitor } from "./visitor.ts";
import { formatDay, wordsFor } from "./words.ts";

/**
 * Who voted for a feedback (its own votes and those of the feedbacks merged into it), and, for those
 * who change feedbacks, the form that records a customer's vote asked for by e-mail or in a call.
 */
export function votesSection(
  visitor: Visitor,
  key: string,
  voters: readonly { readonly email: string; readonly name?: string; readonly votedAt: string }[],
  canUpdate: boolean,
  voted: string | null | undefined,
): Html {
  const w = wordsFor(visitor.language, "votes");
  const said = voted === "counted" ? w.voteCounted : voted === "already" ? w.voteAlready : null;
  const list =
    voters.length === 0
      ? html`<p class="muted">${w.noVoters}</p>`
      : html`<ul>${voters.map((v) => html`<li>${v.name ? `${v.name} <${v.email}>` : v.email} <span class="muted">· ${formatDay(visitor.language, v.votedAt, "medium")}</span></li>`)}</ul>`;
  const form = canUpdate
    ? html`<form method="post" action="/inbox/${encodeURIComponent(key)}/votes"><input type="hidden" name="csrf" value="${visitor.csrf}">
<label for="vote-email">${w.relayVoteEmail}</label><input id="vote-email" name="email" type="email" required maxlength="254" autocomplete="off">
<label for="vote-name">${w.relayVoteName}</label><input id="vote-name" name="name" maxlength="100" autocomplete="off">
<button type="submit" class="secondary">${w.relayVote}</button></form>`
    : "";
  return html`<h2 id="votes">${w.votersTitle(voters.length)}</h2>${said ? html`<p class="notice" role="status">${said}</p>` : ""}${list}${form}`;
}
