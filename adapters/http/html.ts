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

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fff}
main{max-width:40rem;margin:2rem auto;padding:0 1rem}body.wide main{max-width:72rem}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem}label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input,select,textarea{font:inherit;padding:.5rem;width:100%;box-sizing:border-box;border:1px solid #666;border-radius:4px}
textarea{min-height:6rem}
button{font:inherit;padding:.5rem 1rem;margin:1rem .5rem 0 0;border-radius:4px;border:1px solid #1a1a1a;background:#1a1a1a;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1a1a1a}button.danger{background:#fff;color:#a40000;border-color:#a40000}.error{color:#a40000}.muted{color:#555}.notice{background:#eef6ee;border:1px solid #2e6b2e;padding:.75rem;border-radius:4px}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.4rem;border-bottom:1px solid #ddd;vertical-align:top}
.scroll{overflow-x:auto}a{color:#0b4fa3}:focus-visible{outline:3px solid #0b4fa3;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem}
header{display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;align-items:center;padding:.75rem 1rem;border-bottom:1px solid #ccc}
header form{display:inline}header button{margin:0}header .org{font-weight:700}
.filters{display:grid;grid-template-columns:repeat(auto-fit,minmax(9rem,1fr));gap:0 1rem;align-items:end}
.tabs{display:flex;flex-wrap:wrap;gap:.25rem 1rem;padding:0;list-style:none}.tabs [aria-current]{font-weight:700}
.inline{display:inline}.inline button{margin:.25rem .25rem 0 0;padding:.25rem .6rem}
pre.secret{white-space:pre-wrap;word-break:break-all;background:#f4f4f4;padding:.75rem;border-radius:4px}
@media (max-width:40rem){.wide-only{display:none}}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
.narrow{max-width:36rem}fieldset{border:0;padding:0;margin:0 0 .75rem}legend{font-weight:600;margin-bottom:.25rem}
.choice{display:inline-flex;gap:.35rem;align-items:center;margin:0 1rem .35rem 0;font-weight:400}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
figure{margin:1rem 0}.screenshot{display:block;max-width:100%;height:auto;border:1px solid #ccc;border-radius:6px}
.log{padding-left:1.25rem}.log code{white-space:pre-wrap;overflow-wrap:anywhere}
.replay{border:1px solid #ccc;border-radius:6px;overflow:auto;margin-top:.5rem}.replay iframe{border:0}`;

/**
 * A whole page, with a strict CSP; `formTargets` are extra origins a form may send the browser to.
 * A page that needs a script names it in `scripts`: first-party modules only, and only there.
 */
export function page(
  title: string,
  body: Html,
  options: { status?: number; formTargets?: readonly string[]; language?: "en" | "fr"; header?: Html; scripts?: readonly string[] } = {},
): Response {
  const scripts = options.scripts ?? [];
  const document = html`<!doctype html>
<html lang="${options.language ?? "en"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} · Retour</title><style>${new Html(STYLE)}</style></head>
<body${options.header ? new Html(' class="wide"') : ""}>${options.header ?? ""}<main id="main">${body}</main>${scripts.map((src) => html`<script type="module" src="${src}"></script>`)}</body></html>`;
  const formAction = ["'self'", ...(options.formTargets ?? [])].join(" ");
  return new Response(document.value, {
    status: options.status ?? 200,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": `default-src 'none'; style-src 'unsafe-inline'; ${scripts.length > 0 ? "img-src 'self' data:; script-src 'self'; connect-src 'self'; " : "img-src 'self'; "}form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
      "x-frame-options": "DENY",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      "cache-control": "no-store",
    },
  });
}

export const redirect = (location: string, headers: Record<string, string> = {}): Response =>
  new Response(null, { status: 303, headers: { location, "cache-control": "no-store", ...headers } });
