import type { ChangelogEntryRecord } from "../../../core/changelog/entry.ts";
import type { Language } from "../../../core/language.ts";
import type { Markdown } from "../../../core/ports.ts";

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
/** Whether XML 1.0 allows a character at all: no C0 control but tab, newline and return. */
const allowedInXml = (c: string): boolean => c >= " " || c === "\t" || c === "\n" || c === "\r";
const escapeXml = (text: string): string =>
  [...text]
    .filter(allowedInXml)
    .join("")
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

const iso = (at: number) => new Date(at).toISOString();

/** What the feed says of itself: whose it is, in which language, where it lives, where its page is. */
interface ChangelogFeed {
  readonly title: string;
  readonly author: string;
  readonly language: Language;
  /** The feed's and the page's canonical addresses: its id and its entries' ids, the same in every language. */
  readonly feedUrl: string;
  readonly pageUrl: string;
  /** Where this document is read (the feed in the language chosen, if one was), and the page in that language. */
  readonly links: { readonly self: string; readonly page: string };
  readonly entries: readonly ChangelogEntryRecord[];
  /** When the portal last changed: the feed's date while it holds no entry. */
  readonly portalChangedAt: number;
  readonly markdown: Markdown;
}

/**
 * The public changelog as an Atom 1.0 feed (RFC 4287): each published entry with a stable id,
 * its title, its dates, a link to its place on the page, and its body rendered as the page shows it.
 * The feed is updated when its latest entry was; with none yet, when the portal last changed (a
 * true date that stays put from one poll to the next).
 */
export function changelogAtom({ title, author, language, feedUrl, pageUrl, links, entries, portalChangedAt, markdown }: ChangelogFeed): string {
  const updated = entries.length === 0 ? portalChangedAt : Math.max(...entries.map((e) => e.updatedAt));
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>${escapeXml(feedUrl)}</id>
<title xml:lang="${language}">${escapeXml(title)}</title>
<updated>${iso(updated)}</updated>
<link rel="self" type="application/atom+xml" href="${escapeXml(links.self)}"/>
<link rel="alternate" type="text/html" href="${escapeXml(links.page)}"/>
<author><name>${escapeXml(author)}</name></author>
<generator>Retour</generator>
${entries
  .map(
    (e) => `<entry>
<id>${escapeXml(`${pageUrl}#entry-${e.id}`)}</id>
<title type="text">${escapeXml(e.title)}</title>
<published>${iso(e.publishedAt ?? e.updatedAt)}</published>
<updated>${iso(e.updatedAt)}</updated>
<link rel="alternate" type="text/html" href="${escapeXml(`${links.page}#entry-${e.id}`)}"/>
<content type="html">${escapeXml(markdown.html(e.body))}</content>
</entry>`,
  )
  .join("\n")}
</feed>
`;
}
