/** The keys of the inbox's rows, in the order the page lists them. */
export const rowKeys = (html: string): string[] =>
  [...html.matchAll(/<td class="nowrap key"[^>]*>[\s\S]*?<a href="\/inbox\/([^"]+)">/g)].map((m) => m[1]!);
