import type { Language } from "../../core/language.ts";
import type { FeatureRecord } from "../../core/model.ts";
import type { Triage } from "../../core/ports.ts";
import type { NormalizedReport } from "../../core/report/normalize.ts";

export const fold = (text: string): string =>
  ` ${text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")} `;

/** How strongly a text speaks of a feature: its cues count most, then its name, then the words of its path. */
function affinity(text: string, feature: FeatureRecord): number {
  const has = (phrase: string) => phrase.trim().length > 2 && text.includes(fold(phrase));
  const cues = (feature.cues ?? []).filter(has).length * 2;
  const name = has(feature.name) ? 2 : 0;
  const path = feature.path.split(/[/._-]+/).filter(has).length;
  return cues + name + path;
}

/** Words that make a problem graver, from P0 down; the first list that matches decides. */
const GRAVITY: ReadonlyArray<readonly [NonNullable<Triage["severity"]>, RegExp]> = [
  ["P0", /\b(data loss|lost (all )?(my )?data|security|breach|everyone|all users|down for|outage|perte de donnees|securite|tout le monde|panne)\b/],
  ["P1", /\b(crash\w*|cannot|can ?not|can't|unable|blocked|impossible|fails?|failed|error|declined|refus\w*|plante|bloque|echou\w*|erreur)\b/],
  ["P3", /\b(typo|cosmetic|misaligned|colou?r|font|spacing|faute|alignement|couleur|police)\b/],
];

/**
 * The reporter's answer to how much a problem hinders them (1 barely, 3 it slows me down, 5 it
 * blocks me completely): blocked is P1, as "blocked" or "cannot" in its words would be; slowed is
 * the usual P2; barely is P3, as a cosmetic flaw.
 */
const IMPACT: Readonly<Record<number, NonNullable<Triage["severity"]>>> = { 1: "P3", 2: "P3", 3: "P2", 4: "P1", 5: "P1" };

/**
 * A problem's severity: the reporter's own answer on its impact when they gave one, over what its
 * words suggest; only words of lost data, security or everyone hit keep P0, since one person's
 * hindrance does not tell how many are hit.
 */
function severityOf(text: string, report: NormalizedReport): NonNullable<Triage["severity"]> {
  const worded = GRAVITY.find(([, re]) => re.test(text))?.[0];
  if (worded === "P0") return "P0";
  return (report.impact !== undefined ? IMPACT[report.impact] : undefined) ?? worded ?? "P2";
}

const NATURE: ReadonlyArray<readonly [NonNullable<Triage["nature"]>, RegExp]> = [
  ["performance", /\b(slow\w*|lag\w*|takes? (forever|long)|lent\w*|longtemps)\b/],
  ["question", /\b(how (do|can)|is it possible|comment (faire|puis)|est-il possible)\b|\?\s*$/],
  ["ux", /\b(confusing|hard to find|unclear|hidden|pas clair|difficile a trouver)\b/],
  ["content", /\b(typo|wording|translation|faute|traduction)\b/],
];

/** Symptoms and the cause they usually point to, in the report's language; the first that matches is offered. */
const CAUSES: ReadonlyArray<readonly [RegExp, Record<Language, string>]> = [
  [
    /\b(crash\w*|plante|freez\w*|fige)\b/,
    { en: "An unhandled error in this part of the app", fr: "Une erreur non gérée dans cette partie de l’application" },
  ],
  [
    /\b(slow\w*|lent\w*|times? out|timeout|longtemps)\b/,
    { en: "A slow request or a heavy rendering", fr: "Une requête lente ou un affichage trop lourd" },
  ],
  [/\b(refus\w*|declin\w*|rejects?|invalid)\b/, { en: "A check that rejects valid input", fr: "Une vérification qui refuse une saisie valide" }],
  [
    /\b(blank|empty|vide|blanche|grey|gris)\b/,
    { en: "Content that fails to load or to render", fr: "Un contenu qui ne se charge pas ou ne s’affiche pas" },
  ],
  [/\b(twice|double|duplicat\w*)\b/, { en: "An action or a message processed twice", fr: "Une action ou un message traité deux fois" }],
];

/** What a developer does first: open the feature's code, or reproduce at the report's address. */
const ACTIONS: Record<Language, { readonly startWith: string; readonly reproduceAt: string }> = {
  en: { startWith: "Start with", reproduceAt: "Reproduce at" },
  fr: { startWith: "Commencer par", reproduceAt: "Reproduire sur" },
};

function diagnose(text: string, report: NormalizedReport, feature: FeatureRecord | undefined, language: Language): Triage["diagnostic"] {
  const where = [feature?.path, report.url].filter(Boolean).join(" · ");
  const cause = CAUSES.find(([re]) => re.test(text))?.[1][language];
  const files = feature?.code?.map((c) => (c.symbol ? `${c.path} (${c.symbol})` : c.path)) ?? [];
  const { startWith, reproduceAt } = ACTIONS[language];
  const action = files.length > 0 ? `${startWith} ${files.join(", ")}` : report.url ? `${reproduceAt} ${report.url}` : undefined;
  return { ...(where && { where }), ...(cause && { probableCause: cause }), ...(action && { suggestedAction: action }) };
}

/** The feature of the map a folded text speaks of most, by its cues, name or path; none when it names none. */
export function featureOf(text: string, features: readonly FeatureRecord[]): FeatureRecord | undefined {
  const best = features.map((f) => ({ f, score: affinity(text, f) })).sort((a, b) => b.score - a.score)[0];
  return best && best.score > 0 ? best.f : undefined;
}

/** Offline triage: keyword rules, deterministic; its diagnostic in `language`. */
export function localTriage(report: NormalizedReport, features: readonly FeatureRecord[], language: Language): Triage {
  const text = fold([report.title, report.message, report.observed, report.url].filter(Boolean).join(" "));
  const severity = report.kind === "problem" ? severityOf(text, report) : undefined;
  const nature = report.kind === "idea" ? "request" : report.kind === "problem" ? (NATURE.find(([, re]) => re.test(text))?.[0] ?? "bug") : undefined;
  const feature = featureOf(text, features);
  const diagnostic = report.kind === "problem" ? diagnose(text, report, feature, language) : undefined;
  return { ...(feature && { featureId: feature.id }), ...(severity && { severity }), ...(nature && { nature }), ...(diagnostic && { diagnostic }) };
}
