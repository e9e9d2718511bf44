/** Server-rendered HTML: escaping by construction, and the security headers every page carries. */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Marks text as already-safe HTML. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

function render(value: unknown): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}

/** Tagged template: every interpolated value is escaped unless it is Html. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  return new Html(strings.reduce((out, s, i) => out + s + (i < values.length ? render(values[i]) : ""), ""));
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.5rem}label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input,select{font:inherit;padding:.5rem;width:100%;box-sizing:border-box;border:1px solid #666;border-radius:4px}
button{font:inherit;padding:.5rem 1rem;margin:1rem .5rem 0 0;border-radius:4px;border:1px solid #1a1a1a;background:#1a1a1a;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1a1a1a}.error{color:#a40000}.muted{color:#555}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.4rem;border-bottom:1px solid #ddd}`;

/** A whole page, with a strict CSP; `formTargets` are extra origins a form may send the browser to. */
export function page(
  title: string,
  body: Html,
  options: { status?: number; formTargets?: readonly string[]; language?: "en" | "fr" } = {},
): Response {
  const document = html`<!doctype html>
<html lang="${options.language ?? "en"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} · Retour</title><style>${new Html(STYLE)}</style></head>
<body><main>${body}</main></body></html>`;
  const formAction = ["'self'", ...(options.formTargets ?? [])].join(" ");
  return new Response(document.value, {
    status: options.status ?? 200,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
      "x-frame-options": "DENY",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      "cache-control": "no-store",
    },
  });
}

export const redirect = (location: string, headers: Record<string, string> = {}): Response =>
  new Response(null, { status: 303, headers: { location, "cache-control": "no-store", ...headers } });
