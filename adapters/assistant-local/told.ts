import type { FeatureRecord } from "../../core/model.ts";
import { STOP_WORDS } from "../../core/grouping/lexicon.ts";
import type { Need } from "./rules.ts";
import { featureOf, fold } from "./triage.ts";

/*
 * What a problem report's own words already tell, so that the assistant does not ask it again.
 * The patterns read folded text (lower case, no accents, punctuation and apostrophes as spaces:
 * "m'attendais" is "m attendais"), in English and in French whatever the report's language.
 */

/** Said as expected: an expectation, the goal the person tried to reach, or how it behaved before. */
const EXPECTATION = new RegExp(
  [
    String.raw`\b(i|we) (would |d |had )?(expect|expected|was expecting|were expecting|thought it would|was hoping|hoped)\b`,
    String.raw`\bexpect(ed|ing)? (result|results|behaviou?r|outcome)\b`,
    String.raw`\b(should|shouldn t|ought to|supposed to|meant to)\b`,
    String.raw`\b(instead|rather than)\b`,
    String.raw`\b(used to|worked (fine|well|before)|was working|like it did|until recently|(old|previous) behaviou?r)\b`,
    String.raw`\b(tried|trying|try|want|wanted|wanting|attempted|attempting) to\b|\b(i|we) d like to\b`,
    String.raw`\b(je|j) (m )?attend(ais|ait|s)\b|\battendu(e|s|es)?\b|\bje pensais\b|\bj esperais\b`,
    String.raw`\b(devrait|devraient|devrais|devait|aurait du|auraient du|cense|censee|censes|normalement)\b`,
    String.raw`\b(au lieu d|a la place|plutot que)`,
    String.raw`\b(marchait|fonctionnait) (avant|bien)\b|\bavant (ca|cela) (marchait|fonctionnait)\b|\bjusqu a (present|maintenant|recemment)\b`,
    String.raw`\b(j ai essaye|j essaie|j essayais|en essayant|je voulais|je veux|en voulant|je voudrais|je souhaite|je souhaitais|j aimerais|je cherchais a)\b`,
  ].join("|"),
);

/** Phrases that name an expectation without saying what it was: "not as I expected", "it should work". */
const UNSAID_EXPECTATION =
  /\b(as|than|like|not|what) (i |we )?(had )?expected\b|\bce que (j|je) (m )?attend\w*|\b(should|supposed to|meant to) (just )?work\b|\bcomme (prevu|attendu)\b|\b(devrait|cense) (marcher|fonctionner)\b/g;

/** What the app did, said concretely: "works", "broken" or "a bug" alone say nothing of it. */
const SYMPTOM = new RegExp(
  [
    String.raw`\b(blank|empty|white (page|screen)|error|errors|exception|crash(es|ed|ing)?|freez(es|ing)|froze|frozen|hangs?|hanging|stuck|spinn(er|ing)|times? out|timed out|timeout|40[034]|50[0234])\b`,
    String.raw`\b(nothing (happens|happened|shows|appears|loads)|disappear(s|ed)?|vanish(es|ed)|missing|wrong|incorrect|twice|duplicated?|garbled|cut off|overlap(s|ping)?|declined|refused|rejected|denied|slow|logged me out|logs me out|not (shown|displayed|visible|loaded|saved|sent|found))\b`,
    String.raw`\b(doesn t|does not|didn t|did not|won t|will not|isn t|is not|can t|cannot|couldn t|could not|wasn t|was not|never|no longer) (\w+ )?(load|loads|loaded|open|opens|save|saves|saved|send|sends|sent|download|downloads|upload|show|shows|shown|display|displays|appear|appears|respond|react|produce|trigger|start|arrive|print|sync|submit|close|update|render|play|accept)\b`,
    // No answer to what the person did: "the Pay button does nothing", "has no effect"; "it will do nothing" is a plan.
    String.raw`\b(does|did) nothing\b|(?<!\b(will|would|to|should|could|can|must|may|might) )\bdo nothing\b|\bnothing (seems?|seemed) to happen\b|\b(doesn t|does not|didn t|did not|won t|will not) do anything\b|\bno (effect|response|reaction)\b|\bnot take effect\b`,
    String.raw`\b(shows?|showed|displays?|displayed|says|said|gives?|gave|returns?|returned|throws?|threw|redirects?|redirected|takes? me|took me|sends? me|sent me|i (get|got|see|saw|receive|received)|i m getting)\b`,
    String.raw`\b(vide|blanche|blanc|rien ne se passe|rien ne s affiche|erreur|erreurs|plante|plantage|se fige|fige|gele|bloquee?s?|tourne (en boucle|dans le vide)|chargement infini|disparai?t|disparu|manque|manquant|en double|deux fois|incorrecte?|fausse?|mauvaise?|refusee?|rejetee?|lente?|deconnecte)\b`,
    String.raw`\bne (se |s )?(charge|ouvre|affiche|enregistre|telecharge|repond|reagit|demarre|envoie|imprime|synchronise|sauvegarde|valide) (pas|plus|jamais)\b|\bn (apparait|arrive|affiche|enregistre|ouvre|envoie) (pas|plus|jamais)\b`,
    String.raw`\b(ne|n) (fait|faisait|font) (plus )?rien\b|\bn a rien fait\b|\bne se passe (plus )?rien\b|\brien ne se produit\b|\b(aucun|sans) effet\b|\baucune reaction\b`,
    String.raw`\b(affiche|s affiche|indique|renvoie|retourne|me (renvoie|redirige|deconnecte|ramene)|j obtiens|j ai (eu|obtenu|recu|vu)|je vois|je tombe sur|je recois)\b`,
  ].join("|"),
);

/** When it happened: the moment, or what the person did. */
const CIRCUMSTANCE = new RegExp(
  [
    String.raw`\b(when|whenever|after|once|while|during|each time|every time|as soon as|if i|if you|upon|steps (how )?to reproduce|str)\b`,
    String.raw`\bi (clicked|click|pressed|press|tapped|tap|opened|open|tried|try|typed|type|entered|selected|chose|uploaded|submitted|saved|went|ran|installed|updated|upgraded|logged|signed|added|removed|deleted|changed|paid|ordered|scrolled|visited|downloaded|exported|imported|searched|used)\b`,
    String.raw`\b(clicking|pressing|tapping|opening|typing|saving|submitting|uploading|downloading|exporting|paying|trying)\b`,
    String.raw`\b(quand|lorsque|lorsqu|apres|des que|chaque fois|si je|si on|depuis (la|le|que|hier))\b`,
    String.raw`\ben (cliquant|appuyant|ouvrant|essayant|voulant|validant|tapant|saisissant|enregistrant|telechargeant|exportant|allant|passant|payant)\b`,
    String.raw`\bj ai (clique|appuye|ouvert|essaye|tape|saisi|selectionne|choisi|envoye|enregistre|valide|telecharge|installe|mis a jour|paye|commande|rempli|ajoute|supprime|modifie)\b`,
    String.raw`\b(je clique|j appuie|j ouvre|j essaie|je tape|je valide|je saisis|je telecharge|j exporte|je paie)\b`,
  ].join("|"),
);

/** The headings of a bug template: "Actual results:", "Résultat obtenu :"; "Expected: …". */
const OBSERVED_HEADING = /\b(actual|observed) (results?|behaviou?r)\b|\bwhat happened\b|\bresultat obtenu\b|\bcomportement (actuel|observe)\b/;
/** "Expected: Download / Actual: nothing": a template's lines for what was expected and what happened, under any heading words. */
const EXPECTED_HEADING = /\b(expected|attendu)([^\S\n]+(results?|behaviou?r|outcome))?\s*:/giu;
const ACTUAL_HEADING = /\b(actual|observed|obtenu)\s*:/giu;
/**
 * What follows a heading left empty, as a template sent unfilled has it: nothing more on its line,
 * then the end of the report, a heading alone on its line ("Steps:") or the other of the two. Read from
 * where the heading ends (sticky), its parts never overlapping, so a long run of spaces is read once.
 */
const LEFT_EMPTY =
  /[^\S\n]*(?:$|\n\s*(?:$|(?:\p{L}+[^\S\n]+){0,3}\p{L}+[^\S\n]*:[^\S\n]*(?:\n|$)|(?:\p{L}+[^\S\n]+)?(?:expected|attendu|actual|observed|obtenu)\b))/iuy;

/** Whether a template's line under `heading` ("Expected:", "Actual:") was filled in: an empty one, followed by the next heading, tells nothing. */
function filledUnder(heading: RegExp, text: string): boolean {
  for (const found of text.matchAll(heading)) {
    LEFT_EMPTY.lastIndex = found.index + found[0].length;
    if (!LEFT_EMPTY.test(text)) return true;
  }
  return false;
}

/**
 * Steps, numbered one line each, tell what the person did: a line that starts "1." (or "1)"), then,
 * on a line after it, "2.". Two searches, each in linear time: one pattern spanning the lines between
 * backtracked over blank lines in quadratic time, seconds for a 10,000-character report.
 */
const FIRST_STEP = /^[^\S\n]*1[.)]\s/m;
const SECOND_STEP = /^[^\S\n]*2[.)]\s/m;

function numberedSteps(text: string): boolean {
  const first = FIRST_STEP.exec(text);
  // The first step's line ends after its number (the line after it, when the number ends its own).
  const end = first ? text.indexOf("\n", first.index + first[0].length) : -1;
  return end >= 0 && SECOND_STEP.test(text.slice(end + 1));
}

/** An account this long that names a symptom has told what happened, even without a "when". */
const ACCOUNT_WORDS = 40;

/** Parts of an app's interface, in English and in French. */
const PARTS_EN =
  "pages?|screens?|window|dialogs?|dialogues?|popups?|modals?|tabs?|menus?|toolbars?|sidebars?|panes?|panels?|forms?|views?|sections?|dropdowns?";
const PARTS_FR = "pages?|ecrans?|fenetres?|onglets?|menus?|formulaires?|rubriques?|sections?|vues?|panneaux|panneau|fiches?|boites? de dialogue";
const DETERMINERS_FR = "la|le|l|les|mon|ma|mes|ton|ta|tes|son|sa|ses|notre|votre|nos|vos|cette|cet|ce";

/** Screens every app has, named by themselves: "in the settings", "the dashboard", "dans les réglages". */
const COMMON_SCREEN =
  /\b(the|my|your|in|on|from|into|to|under) (the |my |your )?(settings|preferences|dashboard)\b|\b(le|les|mes|mon|vos|votre|dans|sur|depuis|vers) (les |mes |vos |le |mon |votre )?(parametres|reglages|preferences|tableau de bord)\b/;

/**
 * A part named by the word before it, after a determiner, a preposition or a verb of going there
 * ("on the checkout page", "open the order history screen", "Checkout page is blank").
 */
const NAMED_BEFORE = new RegExp(
  String.raw`(?<=(?:^|\b(?:the|my|your|our|their|on|in|from|at|to|into|inside|within|under|open|opens|opened|opening|visit|visited|visiting))(?: \p{L}+){0,2}) (\p{L}+) (?=(?:${PARTS_EN})\b)`,
  "gu",
);

/** A French part named after it, "la page de paiement", or after "sur", "dans"…: "dans l'onglet Factures". */
const NAMED_AFTER = new RegExp(
  String.raw` (?:${PARTS_FR}) (?:de|d|du|des)(?: (?:${DETERMINERS_FR}))? (\p{L}+)|\b(?:sur|dans|depuis|vers|au)(?: (?:${DETERMINERS_FR}))? (?:${PARTS_FR}) (?!(?:de|d|du|des) )(\p{L}+)`,
  "gu",
);

/**
 * Words beside a part that do not say which it is: how it looks or which one in a row ("the blank
 * page", "la page suivante"), a template's heading ("Expected behavior: page…"), a verb ("to refresh page").
 */
const NOT_A_NAME = new Set(
  (
    "blank white black grey gray blue empty error errors same whole entire full next previous prior following current other another " +
    "new separate first second single one web app application site website loading wrong broken particular specific certain random " +
    "different several many multiple given mentioned above below linked attached loaded active original former html " +
    "behavior behaviour reproduce refresh reload translate clicking fix " +
    "blanche blanc vide noire noir grise gris erreur erreurs suivante suivant precedente precedent meme entiere entier complete " +
    "actuelle actuel courante courant nouvelle nouveau nouvel autre chargement rien apres avant puis lorsque lorsqu parfois jamais aucun aucune"
  ).split(" "),
);

const isName = (word: string | undefined): boolean => word !== undefined && !STOP_WORDS.has(word) && !NOT_A_NAME.has(word);

/**
 * A path through menus: "Settings > Billing", "Tools -> Search Messages", "Paramètres → Compte";
 * not code, whose names run together ("NetUtils", "S3AFileSystem").
 */
const MENU_PATH = /\p{L}["'”’ˊ]? +(?:>|->|=>|→|›) +["'“‘ˋ]?\p{Lu}\p{Ll}*(?![\p{L}\p{N}])/u;

/**
 * Whether a report's words name the place it happened: a feature of the app's map, as triage
 * finds it (by its name, a word of its path, or a word the map gives it, in either language), so
 * the feedback is attached there; or a screen said plainly.
 */
function namesPlace(text: string, folded: string, features: readonly FeatureRecord[]): boolean {
  if (featureOf(folded, features)) return true;
  if (COMMON_SCREEN.test(folded) || MENU_PATH.test(text)) return true;
  const named = [...folded.matchAll(NAMED_BEFORE)].map((m) => m[1]);
  const namedAfter = [...folded.matchAll(NAMED_AFTER)].map((m) => m[1] ?? m[2]);
  return [...named, ...namedAfter].some(isName);
}

/**
 * Whether a report's words say what was expected instead of what happened: a template's "Expected:"
 * filled in, or an expectation in words other than the heading's ("Résultat attendu :" left empty says none).
 */
function saysExpected(text: string): boolean {
  if (filledUnder(EXPECTED_HEADING, text)) return true;
  return EXPECTATION.test(fold(text.replace(EXPECTED_HEADING, " ")).replace(UNSAID_EXPECTATION, " "));
}

/**
 * What a problem report's words already tell of what happened, what was expected and where. What
 * happened is told when a concrete symptom, an app that did not answer included ("does nothing"), is
 * set in a moment or an action ("When I click Export the PDF is blank", "The Pay button does nothing
 * when I click it"), against what was expected ("the total shows 0 instead of 42"), or in a long
 * account, or under a template's "Actual:" filled in; a complaint ("it doesn't work") or a bare symptom ("the
 * PDF is blank") leaves it to ask.
 * Where is told by a place named; "on the page" or "a blank page" leaves it to ask.
 */
export function toldInReport(text: string, features: readonly FeatureRecord[]): Readonly<Partial<Record<Need["id"], boolean>>> {
  const folded = fold(text);
  const expected = saysExpected(text);
  const placed = expected || CIRCUMSTANCE.test(folded) || numberedSteps(text) || (folded.match(/\p{L}+/gu) ?? []).length >= ACCOUNT_WORDS;
  const observed = OBSERVED_HEADING.test(folded) || filledUnder(ACTUAL_HEADING, text) || (SYMPTOM.test(folded) && placed);
  return { observed, expected, where: namesPlace(text, folded, features) };
}
