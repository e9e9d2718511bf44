import { groupingKey, words } from "./analyze.ts";
import { GENERIC, SYMPTOMS } from "./lexicon.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { GroupingStore } from "../store/grouping.ts";

/**
 * Words of a report form or bug template, in English and French, as the analyser folds them:
 * reports written on one form share them whatever their subject. Words that may also name a subject
 * of an app ("screenshot", "browser", "log") are not among them.
 */
const FORM_WORDS: ReadonlySet<string> = new Set(
  words(
    "steps reproduce reproduction expected actual observed result behaviour behavior version environment summary description " +
      "details additional information context notes workaround preconditions " +
      "étapes reproduire attendu obtenu observé résultat comportement environnement remarques informations détails précisions",
  ),
);

/**
 * Why a pair's match rests on little: the only things both name are words many feedbacks of the
 * app name (`common_names`: a product name, "Acme"), or they name nothing, sharing only words of a
 * report form (`form_words`) or words any report uses (`common_words`: "button", "crash"). `words`
 * are those it rests on, as the grouper gave them.
 */
export interface WeakMatch {
  readonly reason: "common_names" | "form_words" | "common_words";
  readonly words: readonly string[];
}

/**
 * Whether a pair grouping found alike rests on little, from the words it matched on and whether
 * each is `common` in the app; null for a strong one. The grouper gives its heaviest shared words:
 * when none of these names a thing few feedbacks name, the lighter ones name less still. A sure
 * duplicate reached the grouper's automatic threshold, which asks more than words in common, and is
 * never weak; a match without words (a grouper comparing vectors only) gives nothing to judge on.
 */
export function weakMatch(
  match: { readonly sure: boolean; readonly matched: readonly string[] },
  common: (word: string) => boolean,
): WeakMatch | null {
  if (match.sure || match.matched.length === 0) return null;
  const names = match.matched.filter((word) => !FORM_WORDS.has(word) && !GENERIC.has(word) && !SYMPTOMS.has(word));
  if (names.some((word) => !common(word))) return null;
  if (names.length > 0) return { reason: "common_names", words: names };
  const form = match.matched.filter((word) => FORM_WORDS.has(word));
  return form.length > 0 ? { reason: "form_words", words: form } : { reason: "common_words", words: match.matched };
}

/**
 * A word is common in an app when at least this share of its feedbacks name it, and at least
 * COMMON_AT_LEAST do: a product name, or a word of its form that FORM_WORDS lacks. The index counts
 * every feedback it ever held, merged ones too, against the app's feedbacks standing: a word reads
 * as common a little early in an app of many merges.
 */
const COMMON_SHARE = 0.25;
const COMMON_AT_LEAST = 10;

export type WeakDeps = { readonly store: Pick<GroupingStore, "keyFrequencies"> & Pick<FeedbackStore, "countByStatus"> };

/** weakMatch of each match of one app's pairs, rarity read from the app's grouping index. */
export async function weakMatches(
  services: WeakDeps,
  app: { readonly orgId: string; readonly appId: string },
  matches: readonly { readonly sure: boolean; readonly matched: readonly string[] }[],
): Promise<(WeakMatch | null)[]> {
  const keys = [...new Set(matches.flatMap((m) => m.matched.map(groupingKey)))];
  if (keys.length === 0) return matches.map(() => null);
  const [named, byStatus] = await Promise.all([
    services.store.keyFrequencies(app.appId, keys),
    services.store.countByStatus(app.orgId, { appId: app.appId }),
  ]);
  const feedbacks = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
  const common = (word: string) => {
    const n = named.get(groupingKey(word)) ?? 0;
    return n >= COMMON_AT_LEAST && n >= COMMON_SHARE * feedbacks;
  };
  return matches.map((m) => weakMatch(m, common));
}
