import type { Language } from "../language.ts";

const FRENCH = new Set(
  "le la les un une des du de est et je tu il elle nous vous ne pas que qui quand sur dans avec pour ça ce cette mon ma mes sont être avoir fait plus page bouton marche fonctionne erreur impossible".split(
    " ",
  ),
);
const ENGLISH = new Set(
  "the a an is and i you it we they not that when on in with for this my are be have does doesn't page button works error cannot can't".split(" "),
);

/** Counts common function words of each language; French wins only on a clear majority. */
export function detectLanguage(text: string): Language {
  let fr = 0;
  let en = 0;
  for (const word of text.toLowerCase().match(/[\p{L}']+/gu) ?? []) {
    if (FRENCH.has(word)) fr++;
    if (ENGLISH.has(word)) en++;
  }
  if (/[éèêàçù]/.test(text)) fr++;
  return fr > en ? "fr" : "en";
}
