import type { Language } from "../../../core/errors.ts";
import type { TimelineEntry } from "../../../core/feedback/timeline.ts";
import { type Html, html } from "../html.ts";
import { statusBadge } from "./badges.ts";
import { formatTime, type Words } from "./words.ts";

/** One entry of the activity: who or what, when, and the text that came with it. */
function entry(w: Words, language: Language, e: TimelineEntry): Html {
  const when = html`<time datetime="${e.at}" class="muted">${formatTime(language, Date.parse(e.at))}</time>`;
  if (e.kind === "report") {
    return html`<li class="report"><p>${w.reportVia} ${e.report.source} · ${e.report.author ?? w.anonymous} · ${when}</p><p>${e.report.text}</p></li>`;
  }
  if (e.kind === "status") {
    const who = e.comment?.author ? html` · ${e.comment.author}` : "";
    return html`<li class="change"><p>${statusBadge(language, e.from)} → ${statusBadge(language, e.to)}${who} · ${when}</p>${e.comment ? html`<p>${e.comment.text}</p>` : ""}</li>`;
  }
  return html`<li class="comment"><p>${e.comment.author ?? w.anonymous} · ${when}</p><p>${e.comment.text}</p></li>`;
}

/** A feedback's activity, oldest first: reports, status changes with who and why, comments. */
export const activityTimeline = (w: Words, language: Language, entries: readonly TimelineEntry[]): Html =>
  html`<h2>${w.activity}</h2><ol class="timeline">${entries.map((e) => entry(w, language, e))}</ol>`;
