import type { ChangelogEntryRecord } from "../../../core/changelog/entry.ts";
import type { Language } from "../../../core/language.ts";
import { type Html, html } from "../html.ts";
import { renderMarkdown } from "./markdown.ts";
import { formatDay, wordsFor } from "./words.ts";

/** What the public changelog page shows: the organization's published entries, newest first. */
interface PublicChangelog {
  readonly organizationName: string;
  readonly feedPath: string;
  readonly entries: readonly ChangelogEntryRecord[];
  readonly language: Language;
}

/** The Atom feed's title: the page's, with the organization's name (feeds are read in many languages; it says it in English). */
export const changelogFeedTitle = (organizationName: string): string => `${wordsFor("en", "publicChangelog").title} · ${organizationName}`;

/** The public changelog page's title. */
export const changelogPageTitle = (language: Language): string => wordsFor(language, "publicChangelog").title;

/** The public changelog page's content (the portal's page holds it): each entry's title, date and Markdown body, and the Atom feed's address. */
export function publicChangelogBody({ organizationName, feedPath, entries, language }: PublicChangelog): Html {
  const w = wordsFor(language, "publicChangelog");
  return html`<h1>${w.title}</h1><p class="intro">${organizationName}</p>
<p><a href="${feedPath}" type="application/atom+xml">${w.feed}</a></p>
${
  entries.length === 0
    ? html`<p class="empty">${w.empty}</p>`
    : entries.map(
        (e) => html`<article class="entry" id="entry-${e.id}"><h2>${e.title}</h2>
<p class="muted"><time datetime="${new Date(e.publishedAt ?? e.updatedAt).toISOString()}">${formatDay(language, e.publishedAt ?? e.updatedAt)}</time></p>
<div class="markdown">${renderMarkdown(e.body)}</div></article>`,
      )
}`;
}
