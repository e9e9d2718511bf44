import type { Language } from "../../../core/language.ts";
import type { Author } from "../../../core/feedback/author.ts";
import type { LinkedFeedback, ShippingEntry, TimelineEntry } from "../../../core/feedback/timeline.ts";
import type { Kind, ReportEntry } from "../../../core/schemas/feedback.ts";
import type { FieldChange } from "../../../core/triage/journal.ts";
import { type Html, html } from "../html.ts";
import { portalTeamWords } from "./portal-words.ts";
import { statusBadge } from "./badges.ts";
import { keyLink } from "./key-text.ts";
import { trackerName } from "./tracker-section.ts";
import { formatDueDay, formatScore, formatTime, sourceName, valueName, type Words, wordsFor } from "./words.ts";

const linkTo = (other: LinkedFeedback): Html => html`${keyLink(other.key)} <span class="muted">${other.title}</span>`;

/** Someone named in the activity: a person by name, an API key or a tracker's issue in the page's words. */
const authorName = (w: Words<"activity">, author: Author): string =>
  "person" in author ? author.person : "apiKey" in author ? w.apiKey(author.apiKey) : w.trackerIssue(trackerName(author.tracker));

/** Who merged, unmerged or split: a person or a key, or grouping (with its score). */
function byWhom(w: Words<"activity">, language: Language, by: Author | null, score: number | null): Html {
  if (by !== null) return html` · ${authorName(w, by)}`;
  return html` · ${w.byGrouping}${score === null ? "" : html` (${w.score} ${formatScore(language, score)})`}`;
}

/** What a field held, as the page says it: a due date as its header does (its year outside `now`'s), a kind by its name, nothing as a dash. */
function shownValue(language: Language, change: Exclude<FieldChange, { field: "tags" }>, value: string | number | null, now: number): string {
  if (value === null) return "\u2014";
  if (change.field === "dueAt") return formatDueDay(language, value, now);
  return change.field === "kind" ? valueName(language, value as Kind) : String(value);
}

/** One field of a triage change: "Owner: — → ann@example.com", "Tags: +billing −mobile". */
function fieldChange(w: Words<"activity">, language: Language, change: FieldChange, now: number): Html {
  const name = w.changed[change.field];
  if (change.field === "tags")
    return html`${name}${w.colon}${[...change.added.map((t) => `+${t}`), ...change.removed.map((t) => `\u2212${t}`)].join(" ")}`;
  return html`${name}${w.colon}${shownValue(language, change, change.from, now)} → ${shownValue(language, change, change.to, now)}`;
}

/** A report longer than this many characters shows its start, the whole text folded below it. */
const FOLD_BEYOND = 1_500;
const SHOWN = 1_200;

/** A report's text; a long one shows its first 1,200 characters or so (cut between words) and the whole text in a `<details>`. */
export function reportText(language: Language, text: string): Html {
  const characters = Array.from(text);
  // Its line breaks kept: what the assistant added sits on lines of its own ("Where: Checkout").
  if (characters.length <= FOLD_BEYOND) return html`<p class="message">${text}</p>`;
  const start = characters.slice(0, SHOWN).join("");
  const space = start.search(/\s\S*$/);
  const shown = space > SHOWN - 200 ? start.slice(0, space) : start;
  return html`<p class="message">${shown}…</p><details class="whole-report"><summary>${wordsFor(language, "activity").wholeReport}</summary><p class="message">${text}</p></details>`;
}

/** The first few words of a text, to tell it from others by the same person: "The checkout button does nothing…". */
export function openingWords(text: string, count = 6): string {
  const words = text.trim().split(/\s+/);
  return words.length > count ? `${words.slice(0, count).join(" ")}…` : words.join(" ");
}

/**
 * Where a report stands among the feedback's reports, so that two alike headings differ: "2 of 3"
 * (nothing when it is the only one); and the earlier report that said the same words, if one did.
 */
interface Position {
  readonly number: number;
  readonly of: number;
  readonly same?: { readonly id: string; readonly number: number };
}

/** A report's words as two reports that say the same are compared: spaces and case aside. */
const wordsOf = (text: string): string => text.trim().replace(/\s+/g, " ").toLowerCase();

/** How the page names a changelog entry: its title, a link to it for those who may open it. */
type EntryShown = (entry: ShippingEntry) => Html | string;

/** One entry of the activity: who or what, when, and the text that came with it. */
function entry(
  w: Words<"activity">,
  language: Language,
  e: TimelineEntry,
  shown: { readonly reportAction: (report: ReportEntry) => Html | ""; readonly entry: EntryShown },
  position: Position,
  now: number,
): Html {
  const when = html`<time datetime="${e.at}" class="muted">${formatTime(language, Date.parse(e.at))}</time>`;
  switch (e.kind) {
    case "report": {
      const among = position.of > 1 ? html` · ${position.number} ${w.of} ${position.of}` : "";
      // A feedback that grouping gave many copies of one report reads each once: the later ones link to the first.
      const text = position.same
        ? html`<p class="muted"><a href="#report-${position.same.id}">${w.sameWords} ${position.same.number}</a></p>`
        : reportText(language, e.report.text);
      return html`<li class="report" id="report-${e.report.id}"><p>${w.reportVia} ${sourceName(language, e.report.source)} · ${e.report.author ?? w.anonymous} · ${when}${among}</p>${text}${shown.reportAction(e.report)}</li>`;
    }
    case "status": {
      const who = e.by ? html` · ${authorName(w, e.by)}` : "";
      const why = e.entry ? html` · ${w.publishedIn}${w.colon}${shown.entry(e.entry)}` : "";
      return html`<li class="change"><p>${w.changed.status}${w.colon}${statusBadge(language, e.from)} → ${statusBadge(language, e.to)}${why}${who} · ${when}</p>${e.comment ? html`<p>${e.comment.text}</p>` : ""}</li>`;
    }
    case "comment": {
      const p = portalTeamWords(language);
      const reporter = e.comment.byReporter ? html` (${w.fromReporter})` : e.comment.fromPortal ? html` (${p.fromPortal})` : "";
      const badge =
        e.comment.visibility === "public"
          ? html` · <span class="badge public">${p.publicReply}</span>`
          : e.comment.fromPortal
            ? html` · <span class="badge">${p.held}</span>`
            : html` · <span class="badge internal">${p.internalNote}</span>`;
      const author = e.by ? authorName(w, e.by) : (e.comment.author ?? w.anonymous);
      return html`<li class="comment"><p>${author}${reporter} · ${when}${badge}</p><p>${e.comment.text}</p></li>`;
    }
    case "merge":
    case "unmerge": {
      const what =
        e.kind === "merge"
          ? e.direction === "in"
            ? html`${linkTo(e.other)} ${w.mergedHere}`
            : html`${w.mergedInto} ${linkTo(e.other)}`
          : e.direction === "in"
            ? html`${linkTo(e.other)} ${w.unmergedHere}`
            : html`${w.unmergedFrom} ${linkTo(e.other)}`;
      return html`<li class="link"><p>${what}${byWhom(w, language, e.by, e.score)} · ${when}</p></li>`;
    }
    case "split":
      return html`<li class="link"><p>${e.direction === "in" ? w.splitFrom : w.splitTo} ${linkTo(e.other)}${byWhom(w, language, e.by, null)} · ${when}</p></li>`;
    case "triage":
    case "assistant": {
      const who = e.kind === "assistant" ? w.byAssistant : e.by && authorName(w, e.by);
      return html`<li class="change"><p>${who ? html`${who} · ` : ""}${when}</p><ul class="changes">${e.changes.map((c) => html`<li>${fieldChange(w, language, c, now)}</li>`)}</ul></li>`;
    }
    case "tracker": {
      const issue = e.url ? html`<a href="${e.url}" rel="noreferrer">${e.key}</a>` : e.key;
      return html`<li class="outreach"><p>${w.trackerSynced} ${issue} (${e.status}) · ${when}</p></li>`;
    }
    case "notified": {
      const [one, many] = w.notices[e.notice];
      return html`<li class="outreach"><p>${e.count === 1 ? one : `${e.count} ${many}`} · ${when}</p></li>`;
    }
  }
}

/**
 * A feedback's activity, oldest first: reports, status changes and triage changes with who (and
 * why, for a status), comments, merges and splits, the tracker and the e-mails sent; `now`, the
 * service's clock, says whether a due date needs its year. `reportAction` adds a control under each report (splitting it out), or nothing;
 * `entryShown` names the changelog entry that delivered it, its title alone unless the page links it.
 */
export function activityTimeline(
  language: Language,
  entries: readonly TimelineEntry[],
  now: number,
  reportAction: (report: ReportEntry) => Html | "" = () => "",
  entryShown: EntryShown = (e) => e.title,
): Html {
  const w = wordsFor(language, "activity");
  const reports = entries.filter((e) => e.kind === "report");
  const first = new Map<string, { readonly id: string; readonly number: number }>();
  const positions = new Map(
    reports.map((e, i): [TimelineEntry, Position] => {
      const said = wordsOf(e.report.text);
      // A report of no words (a screenshot alone, say) repeats nothing.
      const same = said === "" ? undefined : first.get(said);
      if (!same && said !== "") first.set(said, { id: e.report.id, number: i + 1 });
      return [e, { number: i + 1, of: reports.length, ...(same && { same }) }];
    }),
  );
  const position = (e: TimelineEntry): Position => positions.get(e) ?? { number: 0, of: reports.length };
  return html`<h2>${w.activity}</h2><ol class="timeline">${entries.map((e) => entry(w, language, e, { reportAction, entry: entryShown }, position(e), now))}</ol>`;
}
