/** Words of a search text: letters and digits, lower-cased; each is matched as a prefix by the store. */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 32);
}
