/**
 * The field a page gives the focus on arrival, as a person using a screen reader meets it: its id,
 * whether it is marked invalid, and the texts its description names, in order (hint, then error).
 * `alerts` counts what else the page says as an alert that takes the focus, above the form.
 */
export function focusedField(shown: string): { id?: string; invalid: boolean; said: (string | undefined)[]; alerts: number } {
  const field = /<(?:input|textarea|select) [^>]* autofocus[ >]/.exec(shown)?.[0] ?? "";
  const described = / aria-describedby="([^"]+)"/.exec(field)?.[1]?.split(" ") ?? [];
  const text = (id: string) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(shown)?.[1];
  return {
    id: / id="([^"]+)"/.exec(field)?.[1],
    invalid: field.includes('aria-invalid="true"'),
    said: described.map(text),
    alerts: shown.match(/role="alert" tabindex="-1" autofocus/g)?.length ?? 0,
  };
}
