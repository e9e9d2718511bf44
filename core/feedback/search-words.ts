/** Words of a search text: letters and digits, lower-cased; each is matched as a prefix by the store. */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 32);
}

/**
 * The words a text is found by: letters and digits, lower-cased, accents removed, each once.
 * Stores keep these per feedback and fold the words of a search the same way, so "téléphone"
 * finds "Telephone" on every store.
 */
export function foldedWords(text: string): string[] {
  return [...new Set(fold(text).match(/[\p{L}\p{N}]+/gu) ?? [])];
}

const fold = (text: string): string => text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
