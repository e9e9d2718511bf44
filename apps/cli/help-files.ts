import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { Type } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";

export interface ArticleInput {
  title: string;
  url: string;
  body: string;
}

const ArticleFile = TypeCompiler.Compile(
  Type.Array(Type.Object({ title: Type.String({ minLength: 1 }), url: Type.String({ pattern: "^https?://" }), body: Type.String({ minLength: 1 }) })),
);

/**
 * Reads help articles: a JSON file holds an array of {title, url, body}; a Markdown file is one
 * article, with `title:` and `url:` in a front matter block (or the title as its first heading).
 * Returns an error message instead of articles when a file is not right.
 */
export function readArticles(file: string): ArticleInput[] | string {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    return `cannot read ${file}: ${(error as Error).message}`;
  }
  if (file.endsWith(".json")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return `${file} is not valid JSON`;
    }
    if (!ArticleFile.Check(parsed)) {
      const first = [...ArticleFile.Errors(parsed)][0];
      return `${file}: ${first?.path || "/"} ${first?.message ?? "is not an array of {title, url, body}"}`;
    }
    return parsed;
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
