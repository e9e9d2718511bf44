import type { PortalRecord } from "../../../core/store/portals.ts";

const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The portal's sitemap (sitemaps.org 0.9): its board, its roadmap and each published feedback. */
export function sitemapXml(home: string, entries: ReadonlyArray<{ readonly key: string; readonly lastModified: number }>): string {
  const url = (loc: string, lastModified?: number) =>
    `<url><loc>${escapeXml(loc)}</loc>${lastModified === undefined ? "" : `<lastmod>${new Date(lastModified).toISOString()}</lastmod>`}</url>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${[url(home), url(`${home}/roadmap`), ...entries.map((e) => url(`${home}/${encodeURIComponent(e.key)}`, e.lastModified))].join("\n")}
</urlset>
`;
}

/** The portal's robots.txt: everything disallowed unless the team allows indexing; then its sitemap. */
export function robotsTxt(portal: Pick<PortalRecord, "indexing">, path: string, home: string): string {
  return portal.indexing ? `User-agent: *\nAllow: ${path}\nSitemap: ${home}/sitemap.xml\n` : "User-agent: *\nDisallow: /\n";
}
