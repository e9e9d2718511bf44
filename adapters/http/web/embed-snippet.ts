import { type Html, html } from "../html.ts";

/**
 * The README's embed snippet (section "Collecting from the browser"), for this service and widget
 * key: the queue that stands for `window.Retour` until the async loader runs, the loader, and the
 * optional calls. A test holds the two equal.
 */
export const embedSnippet = (baseUrl: string, widgetKey: string): string => `<script>
  // A queue for calls made before the loader has run (it is async): the loader replays them.
  window.Retour = window.Retour || { q: [] };
  ["open", "close", "identify", "metadata", "on", "destroy"].forEach(function (name) {
    Retour[name] = Retour[name] || function () { Retour.q.push([name, arguments]); };
  });
</script>
<script src="${baseUrl}/widget.js" data-key="${widgetKey}" async></script>
<script>
  // Optional: take out the // of a line once it holds your own values (who is signed in, your build).
  // Retour.identify({ id: "u_42", email: "ann@example.com", name: "Ann" });
  // Retour.metadata({ plan: "pro", build: "2.4.1" });
  // Retour.on("sent", ({ ticketId, statusUrl }) => console.log(ticketId));
  // And when you need them: Retour.open({ kind: "idea", message: "…" }), Retour.close(), Retour.destroy()
</script>
`;

/**
 * The snippet as a page shows it: its text, the widget key kept on one line (where a narrow screen
 * wraps the snippet, a key cut at its hyphens reads as two), for the eye; copied, it is the text.
 */
export function embedSnippetHtml(baseUrl: string, widgetKey: string): Html {
  const text = embedSnippet(baseUrl, widgetKey);
  const at = text.indexOf(`data-key="${widgetKey}"`) + 'data-key="'.length;
  return html`${text.slice(0, at)}<span class="key">${widgetKey}</span>${text.slice(at + widgetKey.length)}`;
}
