import MarkdownIt from "markdown-it";
import type { Markdown } from "../../core/ports.ts";
import { plainText } from "./plain-text.ts";

/** The schemes a link may use; anything else (javascript:, data:, vbscript:, file:, relative paths) stays text. */
const ALLOWED_LINK = /^(?:https?:\/\/|mailto:)/i;

/** The control characters a page or a mail may not hold (all but tab, newline, form feed and return), which a reader would see as nothing or as a box. */
const CONTROL = /(?![\t\n\f\r])\p{Cc}/gu;

/**
 * Markdown as the changelog renders it, with markdown-it: raw HTML is shown as text (`html: false`),
 * links and bare addresses become links only for http, https and mailto, images are not rendered
 * (a page's CSP would block other sites' images anyway), and every link leaves without a referrer.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });
markdown.disable("image");
// Checked on the address as markdown-it decoded and normalized it: entities and escapes cannot hide a scheme.
markdown.validateLink = (url: string): boolean => ALLOWED_LINK.test(url.trim());
markdown.renderer.rules.link_open = (tokens, index, options, _env, self) => {
  tokens[index]!.attrSet("rel", "nofollow noopener noreferrer");
  return self.renderToken(tokens, index, options);
};

// An entry's title heads its body: the body's own headings start two levels below (# is an h3), at most h6.
for (const rule of ["heading_open", "heading_close"] as const) {
  markdown.renderer.rules[rule] = (tokens, index, options, _env, self) => {
    const token = tokens[index]!;
    token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + 2)}`;
    return self.renderToken(tokens, index, options);
  };
}

// A block of code scrolls within itself where its lines are wider than the screen; it takes the focus
// so that a keyboard can scroll it too.
for (const rule of ["fence", "code_block"] as const) {
  const plain = markdown.renderer.rules[rule]!;
  markdown.renderer.rules[rule] = (tokens, index, options, env, self) =>
    plain(tokens, index, options, env, self).replace(/^<pre>/, '<pre tabindex="0">');
}

/** One parse for the portal's pages and the e-mails alike: the text one reads what the HTML one shows. */
export const markdownIt: Markdown = {
  html: (text) => markdown.render(text.replace(CONTROL, "")),
  text: (text) => plainText(markdown.parse(text.replace(CONTROL, ""), {})),
};
