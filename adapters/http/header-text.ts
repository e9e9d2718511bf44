const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * A header's value as text. Header values are bytes, which fetch hands over one per character
 * (ISO-8859-1); a client that sends UTF-8 means characters, so bytes that decode as UTF-8 are read
 * as such, and a key of 255 emoji counts 255 characters, not 1,020.
 */
export function headerText(value: string): string {
  if (!/[\u0080-\u00ff]/.test(value)) return value;
  try {
    return UTF8.decode(Uint8Array.from(value, (c) => c.charCodeAt(0)));
  } catch {
    return value;
  }
}
