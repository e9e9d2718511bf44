import { describe, expect, test } from "bun:test";
import { html } from "../../../adapters/http/html.ts";
import { renderMarkdown } from "../../../adapters/http/web/markdown.ts";

const rendered = (text: string) => renderMarkdown(text).value;

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

describe("text put in a page", () => {
  test("is escaped, and the control characters a page may not hold are left out; tab, newline, form feed and return stay", () => {
    expect(html`<p>${"a\u0000<b>\u0008&\u000b\u001f\u009f\t\n\f\r\"'"}</p>`.value).toBe("<p>a&lt;b&gt;&amp;\t\n\f\r&quot;&#39;</p>");
  });
});
