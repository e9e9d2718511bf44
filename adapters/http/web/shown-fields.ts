import { type Html, html } from "../html.ts";

/**
 * A form that saves only what the person changed on it. The page sends, beside each field, the
 * value it showed (`{name}Was`, hidden); a save writes the fields typed otherwise than shown, so
 * that what someone else saved meanwhile stays, and holds back a field someone else changed since
 * the page was shown to something else than was typed: the person is told, and sees their value.
 */

/** A form's fields by name, each as a text: as typed, as the page showed it, or as stored now. */
export type FormFields<F extends string> = Readonly<Record<F, string>>;

/** Whether two values of a field say the same. */
type Same<F extends string> = (name: F, a: string, b: string) => boolean;

/** Whether two texts say the same whatever their spaces (a text input drops line breaks). */
export const sameText = (_name: string, a: string, b: string): boolean => {
  const words = (text: string) => text.replace(/\s+/g, " ").trim();
  return words(a) === words(b);
};

/** The hidden inputs that send back what the page showed of each field. */
export const shownInputs = (shown: Readonly<Record<string, string>>): Html[] =>
  Object.entries(shown).map(([name, value]) => html`<input type="hidden" name="${name}Was" value="${value}">`);

/**
 * What the page showed of each field, as the form sent it back; null for a form that sent none
 * (an older page, a script), known by `always`, a field whose shown value is never empty.
 */
export function shownFields<F extends string>(names: readonly F[], field: (name: string) => string, always: F): FormFields<F> | null {
  if (!field(`${always}Was`)) return null;
  return Object.fromEntries(names.map((name) => [name, field(`${name}Was`)])) as FormFields<F>;
}

/** The fields typed otherwise than the page showed them: those a save writes. */
export const changedFields = <F extends string>(names: readonly F[], typed: FormFields<F>, shown: FormFields<F>, same: Same<F> = sameText): F[] =>
  names.filter((name) => !same(name, typed[name], shown[name]));

/**
 * Among the fields changed on the page, those someone else changed since it was shown, to
 * something else than what was typed: they are held back, and the form then shows their value.
 */
export const overtaken = <F extends string>(
  changed: readonly F[],
  typed: FormFields<F>,
  shown: FormFields<F>,
  now: FormFields<F>,
  same: Same<F> = sameText,
): F[] => changed.filter((name) => !same(name, now[name], shown[name]) && !same(name, now[name], typed[name]));

/** What a save that held back fields says, naming them by their labels, in the number they are. */
export function heldText(
  words: { heldPartly: (fields: string, one: boolean) => string; heldAll: (fields: string, one: boolean) => string },
  partly: boolean,
  labels: readonly string[],
): string {
  return (partly ? words.heldPartly : words.heldAll)(labels.join(", "), labels.length === 1);
}
