/**
 * Text analysis for grouping: case and accents folded, English and French stop words removed,
 * words reduced to a light stem so that "crashes", "crashed" and "crashing" meet, as do
 * "plantage", "plante" and "planté".
 */

const STOP = new Set(
  (
    "a an the and or but if of to in on at by for with from as is are was were be been being it its this that these those " +
    "i me my we our you your he she they them their there here when where what which who how why not no do does did done " +
    "have has had can could would should will just so than then too very also please still again any all some more most " +
    "le la les un une des du de d l et ou mais si au aux en dans sur par pour avec sans est sont etait ete etre " +
    "il elle ils elles on nous vous je j me m mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs ce cet cette ces " +
    "qui que qu quoi dont ou quand comment pourquoi ne n pas plus tres aussi encore toujours tout tous toute toutes " +
    "y a ai as avons avez ont fait faire peut peux pouvez merci svp bonjour hello hi"
  ).split(" "),
);

/**
 * Words that mean the same thing in feedback, in English and French, folded to one concept
 * (keys are folded and stemmed words). Small on purpose: only variants that real reports mix.
 */
const CONCEPTS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries({
    login: "login signin sign log logg connexion connect connecter identifier",
    logout: "logout deconnexion deconnecter",
    empty: "blank empty white vide blanche blanc",
    fail: "fail failed error broken refus refuse declin echou echec",
    export: "export download telecharg",
    email: "email mail",
    image: "picture photo avatar image",
    crash: "crash plant plantage",
    slow: "slow lent lente longtemps forever wait attendre",
    grey: "grey gray gris grise",
    hour: "hour heure",
    upload: "upload televers envoi",
    large: "large big gros lourd volumineux",
    dark: "dark sombre",
    light: "light clair",
    notify: "notification notif push",
    twice: "twice double duplicat duplicated",
    cart: "cart basket panier",
    keyboard: "keyboard clavier hotkey",
    shortcut: "shortcut raccourci hotkey",
    dashboard: "dashboard tableau",
    search: "search recherch cherch",
    result: "result resultat",
    password: "password passe",
    reset: "reset reinitialis forgot oubli",
    calendar: "calendar calendrier",
    week: "week semaine",
    column: "column colonne",
    invoice: "invoice facture",
    camera: "camera appareil",
  }).flatMap(([concept, variants]) => variants.split(" ").map((v) => [v, concept])),
);

/** Suffixes stripped, longest first; a stem keeps at least four letters. */
const SUFFIXES = [
  "issements",
  "issement",
  "ements",
  "ement",
  "ations",
  "ation",
  "itions",
  "ition",
  "ements",
  "ments",
  "ment",
  "ingly",
  "ings",
  "ing",
  "edly",
  "ness",
  "ies",
  "ied",
  "ers",
  "er",
  "ed",
  "es",
  "ly",
  "s",
  "euses",
  "euse",
  "eux",
  "ees",
  "ee",
  "ez",
  "ait",
  "aient",
  "ant",
  "ons",
  "e",
];

export function stem(word: string): string {
  for (const suffix of SUFFIXES) {
    if (word.length - suffix.length >= 4 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

/** Folded words of a text: lower case, no accents, no stop words, stemmed. */
export function words(text: string): string[] {
  const folded = text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
  return (folded.match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((w) => w.length > 1 && !STOP.has(w))
    .map((w) => {
      const stemmed = stem(w);
      return CONCEPTS[w] ?? CONCEPTS[stemmed] ?? stemmed;
    });
}

export type TermCounts = Record<string, number>;

/** Trigrams count half a word each: enough to bridge variants, too little to outweigh meaning. */
const TRIGRAM_WEIGHT = 0.5;

/**
 * The terms of a text with their counts: stemmed words ("w:") for meaning, and character
 * trigrams of the words ("c:") so that typos and compounds still meet.
 */
export function terms(text: string): TermCounts {
  const counts: TermCounts = {};
  const add = (term: string, weight: number) => {
    counts[term] = (counts[term] ?? 0) + weight;
  };
  for (const word of words(text)) {
    add(`w:${word}`, 1);
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) add(`c:${padded.slice(i, i + 3)}`, TRIGRAM_WEIGHT);
  }
  return counts;
}

/** The keys under which a text is indexed for grouping: its folded, stemmed words. */
export const groupingKeys = (text: string): string[] => [...new Set(words(text))].map((w) => `w:${w}`);
