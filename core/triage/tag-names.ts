import type { TagRecord } from "../store/triage.ts";

/** A tag's name as kept: trimmed, inner runs of spaces made one. */
export const tagName = (typed: string): string => typed.trim().replace(/\s+/g, " ");

/** The key two spellings of one tag share: names differing only by case name one tag. */
const tagKey = (name: string): string => name.toLocaleLowerCase("en");

/** Whether two names name one tag: the same words, whatever their case and spacing. */
export const sameTag = (a: string, b: string): boolean => tagKey(tagName(a)) === tagKey(tagName(b));

/** A tag's name as the organization spells it, given in any case (Billing names billing); as given when it has none such. */
export const spelledTag = (typed: string, known: readonly Pick<TagRecord, "name">[]): string =>
  known.find((t) => sameTag(t.name, typed))?.name ?? typed;

/**
 * The names a feedback's tags are kept under: each typed name as the organization already spells
 * it (the first spelling stays), once each; and the tags new to the organization, created now.
 */
export function resolveTags(typed: readonly string[], known: readonly TagRecord[], now: number): { names: string[]; created: TagRecord[] } {
  const spelled = new Map(known.map((t) => [tagKey(t.name), t.name]));
  const names = new Map<string, string>();
  const created: TagRecord[] = [];
  for (const name of typed.map(tagName).filter(Boolean)) {
    const key = tagKey(name);
    if (names.has(key)) continue;
    const existing = spelled.get(key);
    names.set(key, existing ?? name);
    if (!existing) created.push({ name, createdAt: now });
  }
  return { names: [...names.values()], created };
}

/** A feedback's tags after a bulk change: those it had, those added, less those removed (by name in any case). */
export function retag(current: readonly string[], add: readonly string[], remove: readonly string[]): string[] {
  const removed = new Set(remove.map((name) => tagKey(tagName(name))));
  return [...current, ...add].filter((name) => !removed.has(tagKey(tagName(name))));
}

/**
 * What renaming the organization's tag `from` to `name` (as kept, tagName) leaves: the same tag
 * under the new name, a change of case included; or, when the organization has another tag of that
 * name in any case, that one as it is spelled, which takes the colour of `from` if it has none.
 */
export function renaming(from: TagRecord, name: string, known: readonly TagRecord[]): { readonly tag: TagRecord; readonly merged: boolean } {
  const other = known.find((t) => t.name !== from.name && tagKey(t.name) === tagKey(name));
  if (!other) return { tag: { ...from, name }, merged: false };
  const color = other.color ?? from.color;
  return { tag: { ...other, ...(color && { color }) }, merged: true };
}

/** A feedback's tags once `from` is named `to`: in its place, and once, when the feedback also carried `to` (in any case). */
export function renamedTags(tags: readonly string[], from: string, to: string): string[] {
  const renamed = tags.map((name) => (name === from || tagKey(name) === tagKey(to) ? to : name));
  return renamed.filter((name, i) => renamed.indexOf(name) === i);
}
