import type { Language } from "../language.ts";

// Function words: every sentence has some, and they belong to one language. Words both languages
// write ("a", "on", "me", "page", "impossible"), or that English writes as names and abbreviations
// ("AI", "Plus" plans, "Mon" for Monday, "Open Sans", "EST", "nos"), count for neither.
const FRENCH = new Set(
  "le la les un une des du de au aux à en y se et je tu il elle ils elles nous vous ne pas que qui quoi quand où sur dans avec pour par après avant depuis mais ou donc ça ce cet cette ces ma mes ton ta tes sa ses notre votre vos leur sont être avoir fait été rien très aussi encore toujours jamais même lorsque bouton marche fonctionne erreur".split(
    " ",
  ),
);
const ENGLISH = new Set(
  "the an is are was were be been have has had do does did doesn't don't didn't isn't won't can't cannot i i'm it's you it we they he she my your our their this that these those not no when where what which who why how in at to of for with from by as or and but if then so like after before into out up there here all any some only just also still works error button".split(
    " ",
  ),
);
// An elided article or pronoun (l'export, j'ai, qu'il, n'est) is a French letter pattern no English word has.
const ELISION = /^(?:c|d|j|l|m|n|s|t|qu|jusqu|lorsqu|puisqu)'(?=\p{L})/u;

/**
 * The language a text is written in, by its function words (an elision counts as one): French or
 * English on a majority, else `otherwise` (the language its writer stated, English by default).
 * Accents alone never decide: English writes café, résumé and José, and a short text may have no
 * function word at all.
 */
export function detectLanguage(text: string, otherwise: Language = "en"): Language {
  let fr = 0;
  let en = 0;
  // Addresses and paths (shop.de, src/de/export.ts: a dot or a slash inside a run of non-spaces) are
  // names, not words of the text. Each run is looked at once: a pattern that searched for the dot
  // from every start took time in the square of a long run's length, on every report's path.
  // Most texts hold no such run (a sentence's full stop is followed by a space): they are not walked.
  const lower = text.toLowerCase().replaceAll("\u2019", "'");
  const prose = /[./]\S/.test(lower) ? lower.replace(/\S+/g, (run) => (/[./]/.test(run.slice(1, -1)) ? " " : run)) : lower;
  for (const word of prose.match(/[\p{L}']+/gu) ?? []) {
    if ((word.includes("'") && ELISION.test(word)) || FRENCH.has(word)) fr++;
    if (ENGLISH.has(word)) en++;
  }
  return fr > en ? "fr" : en > fr ? "en" : otherwise;
}
