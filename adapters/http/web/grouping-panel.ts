import { can } from "../../../core/authorization.ts";
import type { MergedHere } from "../../../core/feedback/open-feedback.ts";
import { isFeedbackKey } from "../../../core/feedback/key.ts";
import { mergeDirection } from "../../../core/grouping/candidates.ts";
import type { FeedbackSummary } from "../../../core/schemas/feedback.ts";
import type { SimilarFeedback } from "../../../core/schemas/merges.ts";
import type { WeakMatch } from "../../../core/grouping/weak-match.ts";
import { type Html, html } from "../html.ts";
import { keyLink, keysKeptWhole, keyText } from "./key-text.ts";
import { actsOn, hidden } from "./settings-page.ts";
import { outcome, refusedField } from "./notices.ts";
import type { Language } from "../../../core/language.ts";
import type { Visitor } from "./visitor.ts";
import { formatScore, valueName, wordsFor } from "./words.ts";
import { ERROR_CODES, type ErrorCode, type Failure } from "../../../core/errors.ts";
import { type MergeRefusal, REFUSAL_REASONS } from "../../../core/merges/refusal.ts";
import { describeRefusal, textFor } from "../catalog/text.ts";

/** What a grouping action reports back to the page it returns to. */
const DONE = ["merged", "unmerged", "dismissed", "restored", "split", "together", "undecided", "putBack", "mergedAgain"] as const;
export type Done = (typeof DONE)[number];
/** The outcomes where nothing was changed: said neither as an error nor as a success. */
const UNCHANGED: readonly Done[] = ["together", "undecided", "putBack", "mergedAgain"];

/** Every parameter an outcome writes into the address (the done notice, setFailure's refusal): cleared before another is written. */
export function clearOutcome(params: URLSearchParams): void {
  for (const name of ["done", "error", "reason", "feedback", "target", "merge", "holder", "holders", "count", "into", "missing"]) params.delete(name);
}

/**
 * Writes what went wrong into the address a grouping action returns to: the code, the field left
 * empty and, for a refused merge, unmerge or split, why.
 */
export function setFailure(params: URLSearchParams, failure: Failure): void {
  params.set("error", failure.code);
  if (failure.problem?.reason === "missing") params.set("missing", failure.problem.field);
  if (!failure.refusal) return;
  for (const [name, value] of Object.entries(failure.refusal)) params.set(name, String(value));
}

/** The longest key a person may type in the merge field. */
const TYPED_MAX = 100;

/** Why a merge, an unmerge or a split was refused, read back from the address; null when it does not read as one. */
function refusalOf(params: URLSearchParams): MergeRefusal | null {
  const reason = REFUSAL_REASONS.find((r) => r === params.get("reason"));
  const feedback = params.get("feedback") ?? "";
  const target = params.get("target") ?? "";
  const count = Number(params.get("count"));
  // An unknown key is shown as it was typed (escaped), whatever it looks like.
  if (reason === "unknown_feedback") return feedback && feedback.length <= TYPED_MAX ? { reason, feedback } : null;
  if (!reason || !isFeedbackKey(feedback)) return null;
  if (reason === "already_merged") {
    const holder = params.get("holder") ?? "";
    return { reason, feedback, ...(isFeedbackKey(holder) && { holder }) };
  }
  if (reason === "not_merged" || reason === "only_report" || reason === "same_feedback") return { reason, feedback };
  if (!isFeedbackKey(target)) return null;
  if (reason === "reports_left") {
    const holders = (params.get("holders") ?? "").split(",").filter(Boolean);
    return Number.isInteger(count) && count > 0 && holders.every(isFeedbackKey) ? { reason, feedback, target, count, holders } : null;
  }
  return { reason, feedback, target };
}

/** Why a grouping action was refused, read from its address; undefined when it was not. */
export function groupingRefusal(language: Language, params: URLSearchParams): Html | string | undefined {
  const error = ERROR_CODES.find((c) => c === params.get("error")) as ErrorCode | undefined;
  if (!error) return undefined;
  if (params.get("missing") === "into") return wordsFor(language, "grouping").intoNeeded;
  const why = refusalOf(params);
  return why ? keysKeptWhole(describeRefusal(why, language)) : textFor(language).errors[error];
}

/**
 * The notice a page shows after a grouping action, read from its address; after "Not duplicates"
 * or a merge, one who may dismiss can undo it there, and comes back to `here`.
 */
export function groupingNotice(visitor: Visitor, params: URLSearchParams, here: string): Html | "" {
  const language = visitor.language;
  const done = DONE.find((d) => d === params.get("done"));
  const refused = groupingRefusal(language, params);
  if (refused !== undefined) return outcome(refused, { role: "alert" });
  if (!done) return "";
  const w = wordsFor(language, "grouping");
  // A merge or a dismissal names its pair, where the address names two keys.
  const [feedback, target] = [params.get("feedback") ?? "", params.get("target") ?? ""];
  if (done !== "unmerged" && done !== "split" && isFeedbackKey(feedback) && isFeedbackKey(target)) {
    const pairWords = {
      merged: w.mergedPair,
      dismissed: w.dismissedPair,
      restored: w.restoredPair,
      together: w.togetherPair,
      undecided: w.undecidedPair,
      putBack: w.putBackPair,
      mergedAgain: w.mergedAgainPair,
    };
    const [before, between, after] = pairWords[done];
    const said = html`${before}${keyLink(feedback)}${between}${keyLink(target)}${after}`;
    const merge = params.get("merge") ?? "";
    const undoable = (done === "dismissed" || (done === "merged" && merge !== "")) && can(visitor.grant, "feedbacks.update");
    if (!undoable) return outcome(said, { className: noticeClass(done) });
    // A merge's Undo takes back that very merge, as a wrong click (the pair waits again); a dismissal's brings the pair back.
    const undo =
      done === "merged"
        ? postForm(
            visitor,
            "/duplicates/undo-merge",
            html`${hidden("feedback", feedback)}${hidden("target", target)}${hidden("merge", merge)}${hidden("next", here)}`,
            w.undo,
          )
        : postForm(
            visitor,
            "/duplicates/undismiss",
            html`${hidden("feedback", feedback)}${hidden("similar", target)}${hidden("next", here)}`,
            w.undo,
          );
    return outcome(html`${said} ${undo}`, { block: true });
  }
  const said: Record<Done, string> = {
    merged: w.mergedNotice,
    unmerged: w.unmergedNotice,
    dismissed: w.dismissedNotice,
    restored: w.restoredNotice,
    split: w.splitNotice,
    together: w.togetherNotice,
    undecided: w.undecidedNotice,
    putBack: w.putBackNotice,
    mergedAgain: w.mergedAgainNotice,
  };
  return outcome(said[done], { className: noticeClass(done) });
}

const noticeClass = (done: Done): string => (UNCHANGED.includes(done) ? "notice unchanged" : "notice");

/** A form posting to `action` with the visitor's CSRF token, its fields and one button. */
const postForm = (visitor: Visitor, action: string, fields: Html, label: string | Html, kind: "primary" | "secondary" = "secondary"): Html =>
  html`<form method="post" action="${action}" class="inline"><input type="hidden" name="csrf" value="${visitor.csrf}">${fields}<button type="submit"${kind === "secondary" ? html` class="secondary"` : ""}>${label}</button></form>`;

/** Merges `source` into `into`, then shows `next`; `label` names both keys (keyText). */
export const mergeButton = (
  visitor: Visitor,
  source: string,
  into: string,
  next: string,
  label: Html,
  kind: "primary" | "secondary" = "secondary",
): Html => postForm(visitor, "/duplicates/merge", html`${hidden("source", source)}${hidden("into", into)}${hidden("next", next)}`, label, kind);

/** Records that two feedbacks are not duplicates, then shows `next`. */
export function dismissButton(visitor: Visitor, feedback: string, similar: string, next: string): Html {
  const w = wordsFor(visitor.language, "grouping");
  return postForm(
    visitor,
    "/duplicates/dismiss",
    html`${hidden("feedback", feedback)}${hidden("similar", similar)}${hidden("next", next)}`,
    html`${w.notDuplicate}${actsOn(w.pairOf(feedback, similar))}`,
  );
}

/** How two feedbacks were found alike, as a page shows a pair. */
interface Likeness {
  readonly score: number;
  readonly matched: readonly string[];
  readonly sure: boolean;
  /** Why the match rests on little, its words as written; absent or null for a strong one. */
  readonly weak?: WeakMatch | null;
}

/**
 * The words two feedbacks share, how alike grouping found them, (in the queue) whether each is the
 * other's closest match, and, under it, why the match is weak where it is: a weak pair otherwise
 * reads as a strong one.
 */
export function likeness(visitor: Visitor, { score, matched, sure, weak }: Likeness, closest = false): Html {
  const w = wordsFor(visitor.language, "grouping");
  const said = html`<p class="muted">${w.score} ${formatScore(visitor.language, score)}${sure ? html` · <strong>${w.sureDuplicate}</strong>` : ""}${
    closest ? html` · ${w.closestPair}` : ""
  }${matched.length > 0 ? html` · ${w.matchedWords}${matched.map((m) => html`<span class="chip">${m}</span>`)}` : ""}</p>`;
  return weak ? html`${said}<p class="weak-match"><strong>${w.weakMatch.label}</strong> ${w.weakMatch[weak.reason](...weak.words)}</p>` : said;
}

/** Which of two feedbacks a person merges into which: the newer into the older, by grouping's own rule. */
export function newerIntoOlder<F extends Pick<FeedbackSummary, "id" | "createdAt">>(a: F, b: F): { readonly newer: F; readonly older: F } {
  const dated = (feedback: F) => ({ id: feedback.id, createdAt: Date.parse(feedback.createdAt), feedback });
  const { source, target } = mergeDirection(dated(a), dated(b));
  return { newer: source.feedback, older: target.feedback };
}

const keyAndTitle = (f: Pick<FeedbackSummary, "key" | "title">): Html => html`${keyLink(f.key)} ${f.title}`;

/**
 * The grouping side of a feedback page: the feedbacks alike (merged newer into older, as on the
 * Possible duplicates page, or not duplicates), those merged here (unmerge), and merging this one into another by key. A merge
 * refused keeps the key typed in the field and says why beside it, tied to it and focused, where one who types a key
 * and presses Enter is: said at the top of a long page, it went unheard and the focus fell back to the top.
 */
export function groupingPanel(
  visitor: Visitor,
  feedback: Pick<FeedbackSummary, "id" | "key" | "createdAt">,
  similar: readonly SimilarFeedback[],
  merged: readonly MergedHere[],
  canUpdate: boolean,
  refused?: { readonly typed: string; readonly why: Html | string | undefined },
): Html {
  const w = wordsFor(visitor.language, "grouping");
  const typed = refused?.typed ?? "";
  const here = `/inbox/${encodeURIComponent(feedback.key)}`;
  const alike =
    similar.length === 0
      ? html`<p class="muted">${w.noSimilar}</p>`
      : html`<ul class="plain">${similar.map(
          (s) =>
            html`<li>${keyAndTitle(s.feedback)}${likeness(visitor, s)}${
              canUpdate
                ? html`${
                    newerIntoOlder(s.feedback, feedback).newer === s.feedback
                      ? mergeButton(visitor, s.feedback.key, feedback.key, here, html`${w.mergeHere[0]} ${keyText(s.feedback.key)} ${w.mergeHere[1]}`)
                      : mergeButton(visitor, feedback.key, s.feedback.key, here, html`${w.mergeThisInto} ${keyText(s.feedback.key)}`)
                  }${dismissButton(visitor, feedback.key, s.feedback.key, here)}`
                : ""
            }</li>`,
        )}</ul>`;
  const mergedHere =
    merged.length === 0
      ? ""
      : html`<h2>${w.mergedFeedbacks}</h2><ul class="plain">${merged.map(
          (m) =>
            html`<li>${keyAndTitle(m)}${
              m.keptApart
                ? html`<p class="muted">${w.keptApart(m.key, { ...m.keptApart, ...(m.keptApart.status && { status: valueName(visitor.language, m.keptApart.status) }) })}</p>`
                : ""
            }${
              m.unmergeRefused
                ? html` <span class="muted why">${keysKeptWhole(describeRefusal(m.unmergeRefused, visitor.language))}</span>`
                : canUpdate
                  ? // On a line of its own under the title, as a pair's actions are: inline, a long title wrapped around it.
                    html`<div class="pair-actions">${postForm(visitor, `/inbox/${encodeURIComponent(m.key)}/unmerge`, hidden("next", here), html`${w.unmerge}${actsOn(m.key)}`)}</div>`
                  : ""
            }</li>`,
        )}</ul>`;
  const into = refusedField("merge-error", refused?.why, "merge-into-hint");
  const mergeInto = canUpdate
    ? html`<form method="post" action="/duplicates/merge"><input type="hidden" name="csrf" value="${visitor.csrf}">${hidden("source", feedback.key)}${hidden("next", here)}
<label for="merge-into">${w.mergeInto}</label><input id="merge-into" name="into" required maxlength="${TYPED_MAX}" value="${typed.slice(0, TYPED_MAX)}" autocomplete="off"${into.marks}>
<p class="muted" id="merge-into-hint">${w.mergeIntoHint}</p>${into.said}<button type="submit" class="secondary">${w.merge}</button></form>`
    : "";
  return html`<h2>${w.similarFeedbacks}</h2>${alike}${mergedHere}${mergeInto}`;
}
