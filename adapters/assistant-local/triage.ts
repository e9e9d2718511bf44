import type { FeatureRecord } from "../../core/model.ts";
import type { Triage } from "../../core/ports.ts";
import type { NormalizedReport } from "../../core/report/normalize.ts";

const fold = (text: string): string =>
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

const NATURE: ReadonlyArray<readonly [NonNullable<Triage["nature"]>, RegExp]> = [
  ["performance", /\b(slow\w*|lag\w*|takes? (forever|long)|lent\w*|longtemps)\b/],
  ["question", /\b(how (do|can)|is it possible|comment (faire|puis)|est-il possible)\b|\?\s*$/],
  ["ux", /\b(confusing|hard to find|unclear|hidden|pas clair|difficile a trouver)\b/],
  ["content", /\b(typo|wording|translation|faute|traduction)\b/],
];

/** Offline triage: keyword rules, deterministic. */
export function localTriage(report: NormalizedReport, features: readonly FeatureRecord[]): Triage {
  const text = fold([report.title, report.message, report.observed, report.url].filter(Boolean).join(" "));
  const best = features.map((f) => ({ f, score: affinity(text, f) })).sort((a, b) => b.score - a.score)[0];
  const severity = report.kind === "problem" ? (GRAVITY.find(([, re]) => re.test(text))?.[0] ?? "P2") : undefined;
  const nature = report.kind === "idea" ? "request" : report.kind === "problem" ? (NATURE.find(([, re]) => re.test(text))?.[0] ?? "bug") : undefined;
  return { ...(best && best.score > 0 && { featureId: best.f.id }), ...(severity && { severity }), ...(nature && { nature }) };
}
