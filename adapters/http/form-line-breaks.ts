/** A posted HTML form, urlencoded or multipart. */
const FORM = /^(?:application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

const asLf = (value: unknown): unknown => (typeof value === "string" ? value.replace(/\r\n?/g, "\n") : value);

/**
 * A form's text with its line breaks as the API writes them, LF: browsers send a textarea's lines
 * with CRLF (HTML's form submission normalizes them so), which would otherwise be stored so, and
 * read back so by the API. Files and non-form bodies are left as they are.
 */
export function formLineBreaksAsLf(request: Request, body: unknown): void {
  if (!FORM.test(request.headers.get("content-type") ?? "") || !body || typeof body !== "object") return;
  const form = body as Record<string, unknown>;
  for (const [name, value] of Object.entries(form)) form[name] = Array.isArray(value) ? value.map(asLf) : asLf(value);
}
