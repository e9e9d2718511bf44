import { isTagColor, type TagColor } from "../../../core/triage/tag-colors.ts";
import type { Language } from "../../../core/language.ts";
import { type Html, html } from "../html.ts";
import { wordsFor } from "./words.ts";

/**
 * Each colour of the palette as a chip paints it: a light tint behind dark text of the same hue,
 * at least 7:1 (WCAG AAA, so AA in either colour scheme, the chip keeping its own background).
 */
const PAINT: Readonly<Record<TagColor, { readonly bg: string; readonly fg: string }>> = {
  gray: { bg: "#eceff3", fg: "#334155" },
  red: { bg: "#fde2e1", fg: "#8f1d1d" },
  orange: { bg: "#ffe6d1", fg: "#7c3300" },
  yellow: { bg: "#fdf1bf", fg: "#5f4600" },
  green: { bg: "#d9f3e1", fg: "#14532d" },
  teal: { bg: "#d3f2ee", fg: "#134e4a" },
  blue: { bg: "#dde8fd", fg: "#1e3a8a" },
  purple: { bg: "#ebe3fd", fg: "#4c1d95" },
  pink: { bg: "#fbe0ee", fg: "#831843" },
};

/** The organization's tag colours by name, from its listed tags. */
export const tagColors = (tags: ReadonlyArray<{ readonly name: string; readonly color?: string }>): ReadonlyMap<string, string> =>
  new Map(tags.flatMap((t) => (t.color ? [[t.name, t.color] as const] : [])));

/** How a chip is painted: in its tag's colour when it has one. */
const paint = (color: string | undefined): Html | "" => {
  if (!color || !isTagColor(color)) return "";
  const { bg, fg } = PAINT[color];
  return html` style="background:${bg};color:${fg};border-color:${fg}"`;
};

/** One tag as a chip, in its colour when it has one. */
export const tagChip = (name: string, color: string | undefined): Html => html`<span class="chip"${paint(color)}>${name}</span>`;

/**
 * A feedback's tags as chips, each a link to the inbox filtered by it (`href` writes that address),
 * or nothing when it has none.
 */
export function tagChips(
  language: Language,
  tags: readonly string[] | undefined,
  colors: ReadonlyMap<string, string>,
  href: (tag: string) => string,
): Html {
  const listed = wordsFor(language, "common").taggedList;
  return html`${(tags ?? []).map((name) => html`<a class="chip" href="${href(name)}" title="${listed.replace("{tag}", name)}"${paint(colors.get(name))}>${name}</a>`)}`;
}
