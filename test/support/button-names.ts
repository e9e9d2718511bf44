import { decode } from "./browser.ts";

/**
 * The accessible names of a page's buttons, as a screen reader lists them: each button's text
 * content, visually hidden words included, its spaces collapsed.
 */
export const buttonNames = (page: string): string[] =>
  [...page.matchAll(/<button\b[^>]*>([\s\S]*?)<\/button>/g)].map((m) =>
    decode(m[1]!.replace(/<[^>]*>/g, ""))
      .replace(/[ \t\r\n]+/g, " ")
      .trim(),
  );
