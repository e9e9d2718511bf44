/**
 * When grouping may merge two reports without asking a person. On real reports, a high similarity
 * of whole texts is not enough: "Upgrade ant to 1.10.13" and "Upgrade ant to 1.10.9", or
 * "implement Precondition checkState" and "… checkArgument", are alike in every word but one, and
 * that one is the subject. The title is where a reporter names the subject, so a sure duplicate's
 * title says nothing the other's does not (at most a few words more), and names the same versions,
 * tickets, sites and tags. Everything less certain is offered to a person instead.
 */
import { words } from "./analyze.ts";
import { subjectText } from "./subject-text.ts";

/** The words a longer title may add to a shorter one it contains: "Setup CI for Windows" and "… for Windows 10". */
const MAX_EXTRA_TITLE_WORDS = 2;

/** The title of a grouping text: its first line (groupingText puts it there). */
export const titleOf = (text: string): string => text.slice(0, (text.indexOf("\n") + 1 || text.length + 1) - 1);

const VERSION = /\b[vV]?(\d+(?:\.\d+)+)/g;
const LONG_NUMBER = /\b\d{4,}\b/g;
const HOST = /\b((?:[a-z0-9-]+\.)+[a-z]{2,})\b/gi;
const TAG = /\[([^\]\n]{1,40})\]/g;

/**
 * What a title names that two subjects differ by: versions (`3.4.0` and `3.4` are one), numbers
 * of four digits or more (tickets, builds), hosts (`www.` set aside) and bracketed tags
 * (`[thirdparty]`, `[macOS 13]`), which name a component or a platform.
 */
export function titleIdentifiers(title: string): Set<string> {
  const found = new Set<string>();
  for (const [, version] of title.matchAll(VERSION)) found.add(`v${version!.replace(/(?:\.0)+$/, "")}`);
  for (const [number] of title.matchAll(LONG_NUMBER)) found.add(`n${number}`);
  for (const [, tag] of title.matchAll(TAG)) found.add(`t${tag!.toLowerCase().replace(/\s+/g, " ").trim()}`);
  for (const [, host] of title.matchAll(HOST))
    if (/[a-z]/i.test(host!.split(".").at(-1)!)) found.add(`h${host!.toLowerCase().replace(/^www\./, "")}`);
  return found;
}

/** What deciding whether two titles agree reads of each: its words and its identifiers, read once. */
export interface TitleFacts {
  readonly words: ReadonlySet<string>;
  readonly identifiers: ReadonlySet<string>;
}

export const titleFacts = (title: string): TitleFacts => ({ words: new Set(words(subjectText(title))), identifiers: titleIdentifiers(title) });

/**
 * Whether two titles name one subject: the words of one all in the other, which adds at most a few,
 * and the same versions, tickets, sites and tags (a title that names a release the other does not
 * is about that release).
 */
export function factsAgree(a: TitleFacts, b: TitleFacts): boolean {
  if (a.words.size === 0 || b.words.size === 0 || a.identifiers.size !== b.identifiers.size) return false;
  for (const id of a.identifiers) if (!b.identifiers.has(id)) return false;
  const [shorter, longer] = a.words.size <= b.words.size ? [a.words, b.words] : [b.words, a.words];
  for (const word of shorter) if (!longer.has(word)) return false;
  return longer.size - shorter.size <= MAX_EXTRA_TITLE_WORDS;
}

/** titlesAgree of two titles read as they are. */
export const titlesAgree = (a: string, b: string): boolean => factsAgree(titleFacts(a), titleFacts(b));
