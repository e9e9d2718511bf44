import type { PublicEntry, ShippedFeedback } from "../../../core/changelog/public-changelog.ts";
import type { Language } from "../../../core/language.ts";
import type { Markdown } from "../../../core/ports.ts";
import type { Status } from "../../../core/schemas/feedback.ts";
import { type Html, html } from "../html.ts";
import { renderMarkdown } from "./markdown.ts";
import { formatDay, wordsFor } from "./words.ts";

/** What the public changelog page shows: the organization's published entries, newest first. */
interface PublicChangelog {
  readonly organizationName: string;
  readonly feedPath: string;
  readonly entries: readonly PublicEntry[];
  readonly language: Language;
  /** A shipped feedback's page on the portal, and a status as the portal names it. */
  readonly feedbackPath: (key: string) => string;
  readonly statusName: (status: Status) => string;
  readonly markdown: Markdown;
}

/** The Atom feed's title: the page's, in the page's language, with the organization's name. */
export const changelogFeedTitle = (language: Language, organizationName: string): string =>
  `${wordsFor(language, "publicChangelog").title} · ${organizationName}`;

/** The public changelog page's title. */
export const changelogPageTitle = (language: Language): string => wordsFor(language, "publicChangelog").title;

/** The public changelog page's content (the portal's page holds it): each entry's title, date and Markdown body, and the Atom feed's address. */
export function publicChangelogBody({ organizationName, feedPath, entries, language, feedbackPath, statusName, markdown }: PublicChangelog): Html {
  const w = wordsFor(language, "publicChangelog");
  // The feedbacks an entry answers, under it: what people asked for, and that it is done.
  const shipped = (feedbacks: readonly ShippedFeedback[]) =>
    feedbacks.length === 0
      ? ""
      : html`<h3 class="shipped-title">${w.shipped}</h3><ul class="shipped">${feedbacks.map(
          (f) =>
            html`<li><span class="count">${w.voteCount(f.votes)}</span><a href="${feedbackPath(f.key)}">${f.title}</a><span class="status st-${f.status}">${statusName(f.status)}</span></li>`,
        )}</ul>`;
  return html`<h1>${w.title}</h1><p class="intro">${organizationName}</p>
<p><a class="standalone" href="${feedPath}" type="application/atom+xml">${w.feed}</a></p>
${
  entries.length === 0
    ? html`<p class="empty">${w.empty}</p>`
    : entries.map(
        (e) => html`<article class="entry" id="entry-${e.id}"><h2>${e.title}</h2>
<p class="muted"><time datetime="${new Date(e.publishedAt ?? e.updatedAt).toISOString()}">${formatDay(language, e.publishedAt ?? e.updatedAt)}</time></p>
<div class="markdown">${renderMarkdown(markdown, e.body)}</div>${shipped(e.shipped)}</article>`,
      )
}`;
}
