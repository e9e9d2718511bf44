import type { Language } from "../../../core/errors.ts";
import type { Catalog } from "../catalog/en.ts";
import { textFor } from "../catalog/text.ts";

export type Words = Catalog["web"];
type ValueName = keyof Catalog["values"];

export const wordsFor = (language: Language): Words => textFor(language).web;

/** The display name of a status, kind or role. */
export const valueName = (language: Language, value: ValueName): string => textFor(language).values[value];

/** Where a report came from, as people say it ("API", "widget"); an unknown source as it is stored. */
export function sourceName(language: Language, source: string): string {
  const names: Readonly<Record<string, string>> = wordsFor(language).sources;
  return names[source] ?? source;
}

export const formatTime = (language: Language, at: number): string =>
  `${new Intl.DateTimeFormat(language === "fr" ? "fr-FR" : "en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(at)} UTC`;
