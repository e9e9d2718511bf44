import { describe, expect, test } from "bun:test";
import { markdownIt } from "../../adapters/markdown/markdown.ts";

const rendered = (text: string) => markdownIt.html(text);

/** Tags markdown-it writes for Markdown; anything else came from the text and must not be a tag. */
const TAGS = new Set([
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "strong",
  "em",
  "s",
  "ul",
  "ol",
  "li",
  "code",
  "pre",
  "a",
  "blockquote",
  "hr",
  "br",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
]);
/** Attributes it writes: a link's address, rel and title; a list's start; a cell's alignment; a code block's language. */
const ATTRIBUTES = new Set(["href", "rel", "title", "start", "style", "class"]);

/** What a rendered body may never hold: a tag it did not write, an event handler, a link with another scheme. */
function expectHarmless(html: string) {
  for (const [, name, attributes] of html.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)) {
    expect(TAGS.has(name!.toLowerCase())).toBe(true);
    for (const [, attribute, value] of attributes!.matchAll(/\s([^\s=]+)="([^"]*)"/g)) {
      expect(ATTRIBUTES.has(attribute!.toLowerCase())).toBe(true);
      if (attribute === "href") expect(value).toMatch(/^(?:https?:\/\/|mailto:)/);
      if (attribute === "style") expect(value).toMatch(/^text-align:(?:left|right|center)$/);
    }
  }
}

describe("changelog Markdown", () => {
  test("renders the usual Markdown: headings (two levels below the entry's title), emphasis, lists, code, http links", () => {
    const html = rendered("# Exports\n\n**Faster** and _lighter*:\n\n- one\n- two\n\n`code`\n\nSee [the docs](https://example.com/docs?a=1&b=2).");
    expect(html).toContain("<h3>Exports</h3>");
    expect(rendered("###### Deepest")).toContain("<h6>Deepest</h6>");
    expect(html).toContain("<strong>Faster</strong>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("<code>code</code>");
    expect(html).toContain('<a href="https://example.com/docs?a=1&amp;b=2" rel="nofollow noopener noreferrer">the docs</a>');
  });

  test("mailto links and bare https addresses become links", () => {
    const html = rendered("Write to [us](mailto:team@example.com) or see https://example.com/x");
    expect(html).toContain('href="mailto:team@example.com"');
    expect(html).toContain('href="https://example.com/x"');
  });

  const PAYLOADS = [
    "<script>alert(1)</script>",
    "<SCRIPT SRC=https://evil.example/x.js></SCRIPT>",
    '<img src=x onerror="alert(1)">',
    "<svg onload=alert(1)>",
    '<a href="javascript:alert(1)">raw html link</a>',
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    "[click](  javascript:alert(1))",
    "[click](jav&#x61;script:alert(1))",
    "[click](jav&#97;script:alert(1))",
    "[click](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1))",
    "[click](java%0ascript:alert(1))",
    "[click](vbscript:msgbox(1))",
    "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "[click](file:///etc/passwd)",
    "[click](//evil.example/path)",
    "[click](/relative)",
    "<javascript:alert(1)>",
    "<data:text/html,<script>alert(1)</script>>",
    "![x](javascript:alert(1))",
    "![x](https://evil.example/track.png)",
    "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
    '[x](https://ok.example "title\\" onmouseover=\\"alert(1))',
    "<iframe src=https://evil.example></iframe>",
    '<div style="background:url(javascript:alert(1))">x</div>',
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "[ref]\n\n[ref]: javascript:alert(1)",
  ];

  for (const payload of PAYLOADS) {
    test(`a payload stays harmless: ${payload.slice(0, 60)}`, () => {
      expectHarmless(rendered(payload));
    });
  }

  test("raw HTML is shown as text, not dropped: the reader sees what was written", () => {
    expect(rendered("<script>alert(1)</script>")).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  test("the control characters a page may not hold are left out; tabs and line breaks stay", () => {
    expect(rendered("Faster\u0001 sync\u007f\u0085 now")).toBe("<p>Faster sync now</p>\n");
    expect(rendered("```\na\tb\n```")).toBe('<pre tabindex="0"><code>a\tb\n</code></pre>\n');
  });
});

describe("changelog Markdown as plain text, for a text e-mail", () => {
  const prose = (text: string) => markdownIt.text(text);

  test("emphasis marks are gone: bold, italic and struck-through words read as words", () => {
    expect(prose("**Faster** and _lighter_, *at last*, ~~slow~~ __gone__")).toBe("Faster and lighter, at last, slow gone");
  });

  test("a link reads as its text, then its address in brackets", () => {
    expect(prose("See [the docs](https://example.com/docs?a=1&b=2) or [write to us](mailto:team@example.com).")).toBe(
      "See the docs (https://example.com/docs?a=1&b=2) or write to us (mailto:team@example.com).",
    );
  });

  test("a link whose text is its address reads as the address alone: a bare address, one in angle brackets, one written as its own text", () => {
    expect(prose("https://example.com/a, <https://example.com/b>, [https://example.com/c](https://example.com/c), team@example.com")).toBe(
      "https://example.com/a, https://example.com/b, https://example.com/c, team@example.com",
    );
  });

  test("a link with no text reads as its address", () => {
    expect(prose("[](https://example.com/a)")).toBe("https://example.com/a");
  });

  test("a link that may not be one (javascript:, a relative path) stays as written, as the page shows it", () => {
    expect(prose("[click](javascript:alert(1)) [here](/relative)")).toBe("[click](javascript:alert(1)) [here](/relative)");
  });

  test("paragraphs are apart by a blank line; the lines of one are kept as written", () => {
    expect(prose("One line\nthe next  \nbroken\n\n\n\nAnother paragraph")).toBe("One line\nthe next\nbroken\n\nAnother paragraph");
  });

  test("a heading stands on its own line, underlined: = under the first level, - under the others", () => {
    expect(prose("# Exports\n\nText\n\n### Éditions")).toBe("Exports\n=======\n\nText\n\nÉditions\n--------");
  });

  test("a bulleted list keeps one item a line after a dash, whatever the bullet written; a nested one is indented under its item", () => {
    expect(prose("* one\n* two **bold**\n  + nested\n  + again\n* three")).toBe("- one\n- two bold\n  - nested\n  - again\n- three");
  });

  test("a numbered list keeps its numbers from its first, and an item's further lines stand under its first", () => {
    expect(prose("3. first\n4. second\n   continued\n\n1) other")).toBe("3. first\n4. second\n   continued\n\n1) other");
  });

  test("a list written with blank lines between its items keeps them", () => {
    expect(prose("- one\n\n- two")).toBe("- one\n\n- two");
  });

  test("a code span is kept as written, backticks included, and Markdown within it is not read", () => {
    expect(prose("Run `npm **install**` or `` `x` ``, then [go](https://a.io)")).toBe("Run `npm **install**` or `` `x` ``, then go (https://a.io)");
  });

  test("a block of code keeps its lines as written, set off by four spaces, its fences gone", () => {
    expect(prose("```sh\nnpm run  **x**\n\n  [a](https://b.io)\n```\n\n    indented\n    code")).toBe(
      "    npm run  **x**\n\n      [a](https://b.io)\n\n    indented\n    code",
    );
  });

  test("a quotation keeps a > before each of its lines", () => {
    expect(prose("> quoted **text**\n>\n> again")).toBe("> quoted text\n>\n> again");
  });

  test("a table reads a row a line, its cells apart by |", () => {
    expect(prose("| a | b |\n|---|---|\n| 1 | *2* |")).toBe("a | b\n1 | 2");
  });

  test("a thematic break reads as ---", () => {
    expect(prose("Before\n\n***\n\nAfter")).toBe("Before\n\n---\n\nAfter");
  });

  test("the control characters a mail may not hold are left out; tabs and line breaks stay", () => {
    expect(prose("Faster\u0001 sync\u007f\u0085 now\n\n```\na\tb\n```")).toBe("Faster sync now\n\n    a\tb");
  });
});
