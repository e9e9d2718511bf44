import type { Language } from "../../../core/language.ts";
import { type Html, html } from "../html.ts";
import { formatTime, formatter, wordsFor } from "./words.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "2 minutes ago", « il y a 2 min », "yesterday": how long ago, up to a week; beyond, the date itself. */
export function ago(language: Language, at: number, now: number): string {
  const elapsed = now - at;
  if (elapsed < MINUTE) return wordsFor(language, "time").justNow;
  if (elapsed >= 7 * DAY) return formatTime(language, at);
  const say = formatter(
    `ago ${language}`,
    () => new Intl.RelativeTimeFormat(language, { numeric: "auto", style: language === "fr" ? "short" : "long" }),
  );
  if (elapsed < HOUR) return say.format(-Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return say.format(-Math.floor(elapsed / HOUR), "hour");
  return say.format(-Math.floor(elapsed / DAY), "day");
}

/** A time as people read it in a list: how long ago, with the exact time (UTC) on hover and for machines. */
export const timeAgo = (language: Language, at: number, now: number): Html =>
  html`<time datetime="${new Date(at).toISOString()}" title="${formatTime(language, at)}">${ago(language, at, now)}</time>`;
