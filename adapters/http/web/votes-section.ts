import { type Html, html } from "../html.ts";
import { outcome, refusedField } from "./notices.ts";
import type { Visitor } from "./visitor.ts";
import { formatDay, wordsFor } from "./words.ts";
import { describeFieldProblem } from "../catalog/text.ts";
import type { Language } from "../../../core/language.ts";
import type { FieldProblem } from "../../../core/schemas/field-problem.ts";

/** A customer's vote the form refused: why, and what was typed. */
export interface RefusedVote {
  readonly error: string;
  readonly sent: { readonly email: string; readonly name?: string };
}

/** A customer's vote refused for a field: said by the field's label, with what was typed. */
export function refusedVote(language: Language, problem: FieldProblem, sent: RefusedVote["sent"]): RefusedVote {
  const w = wordsFor(language, "votes");
  return { error: describeFieldProblem(problem, language, { email: w.relayVoteEmail, name: w.relayVoteName }), sent };
}

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
  refused?: RefusedVote,
): Html {
  const w = wordsFor(visitor.language, "votes");
  // A vote refused for what was typed: said beside the e-mail's field, which keeps it and takes the focus.
  const email = refusedField("vote-email-error", refused?.error);
  const said = voted === "counted" ? w.voteCounted : voted === "already" ? w.voteAlready : null;
  const list =
    voters.length === 0
      ? html`<p class="muted">${w.noVoters}</p>`
      : html`<ul>${voters.map((v) => html`<li>${v.name ? `${v.name} <${v.email}>` : v.email} <span class="muted">· ${formatDay(visitor.language, v.votedAt, "medium")}</span></li>`)}</ul>`;
  const form = canUpdate
    ? html`<form method="post" action="/inbox/${encodeURIComponent(key)}/votes"><input type="hidden" name="csrf" value="${visitor.csrf}">
<label for="vote-email">${w.relayVoteEmail}</label>${email.said}<input id="vote-email" name="email" type="email" required maxlength="254" autocomplete="off" value="${refused?.sent.email ?? ""}"${email.marks}>
<label for="vote-name">${w.relayVoteName}</label><input id="vote-name" name="name" maxlength="100" autocomplete="off" value="${refused?.sent.name ?? ""}">
<button type="submit" class="secondary">${w.relayVote}</button></form>`
    : "";
  return html`<h2 id="votes">${w.votersTitle(voters.length)}</h2>${said ? outcome(said) : ""}${list}${form}`;
}
