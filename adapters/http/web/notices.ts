import { Html, html } from "../html.ts";

/**
 * What the person's last action did, said once on the page it led to, as GOV.UK's notification
 * banner says it: a status, or an alert when it did not all go through. A live region announces
 * changes only, never what is there at load, so the notice takes the focus instead (`autofocus`:
 * no script, under any page's CSP) and is read first; the page puts it first under its heading.
 * `block` for one holding paragraphs of its own (a secret under its label).
 */
export function outcome(said: Html | string, options: { role?: "status" | "alert"; className?: string; block?: boolean } = {}): Html {
  const role = options.role ?? "status";
  const tag = new Html(options.block ? "div" : "p");
  return html`<${tag} class="${options.className ?? (role === "alert" ? "error" : "notice")}" role="${role}" tabindex="-1" autofocus>${said}</${tag}>`;
}

/**
 * A field refused for what was typed in it: the error said beside it (`said`, placed where the form
 * puts it) and the field's attributes (`marks`), which name that error, after the field's hint if
 * it has one, as its description, mark it invalid and give it the focus, so the error is read with
 * it. Not refused: `said` is empty and `marks` names the hint alone. One id pairs the two.
 */
export function refusedField(id: string, error: Html | string | undefined, hint?: string): { said: Html; marks: Html } {
  if (error === undefined) return { said: html``, marks: hint ? html` aria-describedby="${hint}"` : html`` };
  return {
    said: html`<p class="error" role="alert" id="${id}">${error}</p>`,
    marks: html` aria-invalid="true" aria-describedby="${hint ? `${hint} ` : ""}${id}" autofocus`,
  };
}
