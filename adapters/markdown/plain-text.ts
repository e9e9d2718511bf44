import type { Token } from "markdown-it";

/** A token with what it holds: markdown-it's flat stream of opening and closing tokens, as a tree. */
interface Node {
  readonly token: Token;
  readonly children: Node[];
}

function tree(tokens: readonly Token[]): Node[] {
  const root: Node[] = [];
  const open = [root];
  for (const token of tokens) {
    if (token.nesting === -1) {
      open.pop();
      continue;
    }
    const node: Node = { token, children: [] };
    open.at(-1)!.push(node);
    if (token.nesting === 1) open.push(node.children);
  }
  return root;
}

/** A code span as written, its backticks kept: they say where the code starts and ends within a sentence. */
function codeSpan({ markup, content }: Token): string {
  // markdown-it takes off the space that lets a span begin or end with a backtick; it is put back.
  const space = content.startsWith("`") || content.endsWith("`") ? " " : "";
  return `${markup}${space}${content}${space}${markup}`;
}

/** A link as "text (url)"; its text alone where the text is the address (a bare address, or one written as its own text). */
function link(open: Token, text: string): string {
  const href = String(open.attrGet("href") ?? "");
  if (!text.trim()) return href;
  return open.info === "auto" || text === href || `mailto:${text}` === href ? text : `${text} (${href})`;
}

/** Inline Markdown as prose: emphasis marks gone (their tokens hold no text), links spelled out, code as written. */
function inline(tokens: readonly Token[]): string {
  let out = "";
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === "link_open") {
      const close = tokens.findIndex((t, j) => j > i && t.type === "link_close");
      out += link(token, inline(tokens.slice(i + 1, close)));
      i = close;
    } else if (token.type === "softbreak" || token.type === "hardbreak") out += "\n";
    else out += token.type === "code_inline" ? codeSpan(token) : token.content;
  }
  return out;
}

/** The inline text of a paragraph, a heading or a table cell. */
const textOf = (node: Node | undefined): string => inline(node?.children[0]?.token.children ?? []);

/** Each line of a text after `first` for the first line and `prefix` for the others; empty lines stay empty. */
const indented = (text: string, prefix: string, first = prefix): string =>
  text
    .split("\n")
    .map((line, i) => (i === 0 ? first + line : line && prefix + line))
    .join("\n");

/** A heading on its own line, underlined as in plain-text documents: = under the first level, - under the others. */
function heading(node: Node): string {
  const text = textOf(node);
  const width = Math.max(...text.split("\n").map((line) => [...line].length));
  return `${text}\n${(node.token.tag === "h1" ? "=" : "-").repeat(width)}`;
}

/** A list, each item after its bullet (-) or number, its further lines under its first; a tight list keeps no blank line between items. */
function list({ token, children }: Node): string {
  const tight = children.some((item) => item.children.some((child) => child.token.hidden));
  let number = Number(token.attrGet("start") ?? 1);
  const items = children.map((item) => {
    const marker = token.type === "ordered_list_open" ? `${number++}${token.markup} ` : "- ";
    return indented(blocks(item.children, tight), " ".repeat(marker.length), marker);
  });
  return items.join(tight ? "\n" : "\n\n");
}

function block(node: Node): string {
  const { token, children } = node;
  switch (token.type) {
    case "paragraph_open":
      return textOf(node);
    case "heading_open":
      return heading(node);
    case "bullet_list_open":
    case "ordered_list_open":
      return list(node);
    case "blockquote_open":
      return indented(blocks(children), "> ").replace(/^$/gm, ">");
    // Code keeps its lines as written, set off by the indent of a Markdown code block.
    case "code_block":
    case "fence":
      return indented(token.content.replace(/\n$/, ""), "    ");
    case "hr":
      return "---";
    case "table_open":
      return children
        .flatMap((section) => section.children)
        .map((row) => row.children.map(textOf).join(" | "))
        .join("\n");
    default:
      return blocks(children);
  }
}

/** Blocks one under the other, a blank line between them; within a tight list's item, none. */
const blocks = (nodes: readonly Node[], tight = false): string => nodes.map(block).join(tight ? "\n" : "\n\n");

/** A parsed Markdown text as plain prose, for a text e-mail. */
export const plainText = (tokens: readonly Token[]): string => blocks(tree(tokens));
