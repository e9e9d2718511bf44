import type { Language } from "../../../core/language.ts";
import type { Catalog } from "../catalog/en.ts";
import { textFor } from "../catalog/text.ts";

/** A page's or a component's own section of the web catalog; `common` holds the words several of them share. */
type Section = keyof Catalog["web"];
/** The words a section reads: its own, and the common ones. */
export type Words<S extends Section> = Catalog["web"]["common"] & Catalog["web"][S];
type ValueName = keyof Catalog["values"];

/** The words of one page or component, in a language: its own section and the common words (no section repeats a common word). */
export function wordsFor<S extends Section>(language: Language, section: S): Words<S> {
  const { web } = textFor(language);
  return { ...web.common, ...web[section] };
}

/** The display name of a status, kind or role. */
export const valueName = (language: Language, value: ValueName): string => textFor(language).values[value];

/** Where a report came from, as people say it ("API", "widget"); an unknown source as it is stored. */
export function sourceName(language: Language, source: string): string {
  const names: Readonly<Record<string, string>> = wordsFor(language, "common").sources;
  return names[source] ?? source;
}

/** Dates are written day first in both languages: 25 Nov 2026, 25 nov. 2026. */
const locale = (language: Language) => (language === "fr" ? "fr-FR" : "en-GB");

const formatters = new Map<string, unknown>();
/**
 * A formatter made once per language and style: making one costs about a hundred times using it,
 * and a list page formats two times per row (4 ms of a 16 ms inbox page, made each time).
 */
export function formatter<T>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (made === undefined) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}

/** A part of a date as the language writes it: French says the first of a month as an ordinal (1er juin), which Intl does not. */
const said = (language: Language, part: Intl.DateTimeFormatPart): string =>
  language === "fr" && part.type === "day" && part.value === "1" ? "1er" : part.value;

/**
 * A moment on the team's pages, to the minute: 25 Nov 2026, 14:05 UTC. Its day and its time each
 * hold together (no-break spaces): a narrow cell breaks it after the comma, never inside "25 Nov".
 */
export const formatTime = (language: Language, at: number): string =>
  formatter(`time ${language}`, () => new Intl.DateTimeFormat(locale(language), { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }))
    .formatToParts(at)
    .map((part) => (part.type === "literal" && part.value === " " ? "\u00a0" : said(language, part)))
    .join("")
    .concat("\u00a0UTC");

/** A day, without its time: 25 November 2026 on the public pages; 25 Nov 2026 (`medium`) in the trends' narrow columns. */
export const formatDay = (language: Language, at: number | string, style: "long" | "medium" = "long"): string =>
  formatter(`day ${language} ${style}`, () => new Intl.DateTimeFormat(locale(language), { dateStyle: style, timeZone: "UTC" }))
    .formatToParts(new Date(at))
    .map((part) => said(language, part))
    .join("");

/** A month of the quota (`2026-11`) as the page's language names it: November 2026, novembre 2026. */
export const formatMonth = (language: Language, month: string): string =>
  formatter(`month ${language}`, () => new Intl.DateTimeFormat(locale(language), { month: "long", year: "numeric", timeZone: "UTC" })).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/**
 * A due date, as an inbox row and a feedback's page say it: 15 Dec, and 15 Dec 2027 when it is not
 * in the year of `now` (the service's clock); it holds together (no-break spaces).
 */
export function formatDueDay(language: Language, at: number | string, now: number): string {
  const sameYear = new Date(at).getUTCFullYear() === new Date(now).getUTCFullYear();
  const options: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", ...(!sameYear && { year: "numeric" }), timeZone: "UTC" };
  return formatter(`due day ${language} ${sameYear}`, () => new Intl.DateTimeFormat(locale(language), options))
    .formatToParts(new Date(at))
    .map((part) => said(language, part))
    .join("")
    .replaceAll(" ", "\u00a0");
}

/** A whole number as the page's language writes it: 25,000, 25 000. */
export const formatNumber = (language: Language, n: number): string =>
  formatter(`number ${language}`, () => new Intl.NumberFormat(locale(language))).format(n);

/** A likeness score as the page's language writes a decimal: 0.21, 0,21. */
export const formatScore = (language: Language, score: number): string =>
  formatter(`score ${language}`, () => new Intl.NumberFormat(locale(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(score);
