import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { describeProblem } from "../../adapters/http/catalog/text.ts";
import { ArticleFile, parseFile } from "../../core/catalog-files.ts";

/**
 * Reads help articles: a JSON file holds an array of {title, url, body}; a Markdown file is one
 * article, with `title:` and `url:` in a front matter block (or the title as its first heading).
 * Returns an error message instead of articles when a file is not right.
 */
export function readArticles(file: string): ArticleFile | string {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    return `cannot read ${file}: ${(error as Error).message}`;
  }
  if (file.endsWith(".json")) {
    const parsed = parseFile(ArticleFile, text, "articles");
    return "problem" in parsed ? `${file}: ${describeProblem(parsed.problem, "en")}` : parsed.value;
  }
  const front = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  const fields = Object.fromEntries((front?.[1] ?? "").split(/\r?\n/).map((line) => line.split(/:\s*(.*)/s).slice(0, 2) as [string, string]));
  let body = front ? text.slice(front[0].length) : text;
  let title = fields.title?.trim();
  const heading = /^#\s+(.+)\r?\n/.exec(body.trimStart());
  if (!title && heading) {
    title = heading[1]!.trim();
    body = body.trimStart().slice(heading[0].length);
  }
  const url = fields.url?.trim();
  if (!title) return `${basename(file)}: no title (add "title:" in a front matter block, or a first "# " heading)`;
  if (!url || !/^https?:\/\//.test(url)) return `${basename(file)}: no url (add "url: https://…" in a front matter block)`;
  if (!body.trim()) return `${basename(file)}: the article is empty`;
  return [{ title, url, body: body.trim() }];
}
