import type { ChangelogEntryRecord } from "../../../core/changelog/entry.ts";
import { renderMarkdown } from "./markdown.ts";

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
/** Whether XML 1.0 allows a character at all: no C0 control but tab, newline and return. */
const allowedInXml = (c: string): boolean => c >= " " || c === "\t" || c === "\n" || c === "\r";
const escapeXml = (text: string): string =>
  [...text]
    .filter(allowedInXml)
    .join("")
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

const iso = (at: number) => new Date(at).toISOString();

/** What the feed says of itself: whose it is, where it lives, where its page is. */
interface ChangelogFeed {
  readonly title: string;
  readonly author: string;
  readonly feedUrl: string;
  readonly pageUrl: string;
  readonly entries: readonly ChangelogEntryRecord[];
}

/**
 * The public changelog as an Atom 1.0 feed (RFC 4287): each published entry with a stable id,
 * its title, its dates, a link to its place on the page, and its body rendered as the page shows it.
 */
export function changelogAtom({ title, author, feedUrl, pageUrl, entries }: ChangelogFeed): string {
  const updated = entries.reduce((latest, e) => Math.max(latest, e.updatedAt), 0);
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>${escapeXml(feedUrl)}</id>
<title>${escapeXml(title)}</title>
<updated>${iso(updated)}</updated>
<link rel="self" type="application/atom+xml" href="${escapeXml(feedUrl)}"/>
<link rel="alternate" type="text/html" href="${escapeXml(pageUrl)}"/>
<author><name>${escapeXml(author)}</name></author>
<generator>Retour</generator>
${entries
  .map(
    (e) => `<entry>
<id>${escapeXml(`${pageUrl}#entry-${e.id}`)}</id>
<title type="text">${escapeXml(e.title)}</title>
<published>${iso(e.publishedAt ?? e.updatedAt)}</published>
<updated>${iso(e.updatedAt)}</updated>
<link rel="alternate" type="text/html" href="${escapeXml(`${pageUrl}#entry-${e.id}`)}"/>
<content type="html">${escapeXml(renderMarkdown(e.body).value)}</content>
</entry>`,
  )
  .join("\n")}
</feed>
`;
}
