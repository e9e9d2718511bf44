/** Where the keyboard triage script is served; the inbox and feedback pages load it (CSP `script-src 'self'`). */
export const KEYBOARD_SCRIPT_PATH = "/app/keyboard.js";

/**
 * Keyboard triage, a progressive enhancement (the pages work without it): in the inbox `j` and
 * `k` move through the feedbacks, Enter opens one, `x` ticks it for the bulk form, `s` opens the
 * focused one at its status and `/` goes to the search field; on a feedback page `s` goes to its status, `j` and `k` to the next and previous feedback of the list. No field has the focus
 * on arrival, so the keys work at once; Escape leaves a text field, keeping what was typed (a
 * search field would clear itself), so they work again. First-party, no dependency.
 */
export const KEYBOARD_SCRIPT = `(() => {
  // A ticked checkbox keeps the focus: the keys still work from it (Space ticks it, as ever).
  const typing = (target) =>
    target instanceof HTMLElement && (target.isContentEditable || /^(TEXTAREA|SELECT)$/.test(target.tagName) || (target.tagName === "INPUT" && !/^(checkbox|radio)$/.test(target.type)));
  const rows = [...document.querySelectorAll("table.cards tbody tr")];
  let current = -1;
  const move = (step) => {
    if (rows.length === 0) return;
    rows[current]?.classList.remove("current");
    // From the row holding the focus (a checkbox ticked there, say), else the one j and k reached.
    const from = rows.indexOf(document.activeElement?.closest("table.cards tbody tr"));
    current = Math.max(0, Math.min(rows.length - 1, (from >= 0 ? from : current) + step));
    rows[current].classList.add("current");
    rows[current].querySelector("a")?.focus();
  };
  const status = document.getElementById("new-status");
  // The status field with its label in view: focusing alone scrolls the field to the edge, its label out of sight.
  const toStatus = () => {
    status.focus({ preventScroll: true });
    (status.labels?.[0] ?? status).scrollIntoView({ block: "center" });
  };
  // Opened with s from the inbox: the status is where the person meant to go. Again once the page has
  // loaded, as the browser's own scroll to the address's #new-status comes after this script.
  if (status && location.hash === "#new-status") {
    toStatus();
    addEventListener("load", () => requestAnimationFrame(toStatus), { once: true });
  }
  // How many rows are ticked, beside the bulk form's title.
  const count = document.querySelector(".bulk-count");
  const ticks = [...document.querySelectorAll("input[type=checkbox][name=keys]")];
  const recount = () => {
    const n = ticks.filter((t) => t.checked).length;
    if (count) count.textContent = n === 0 ? "" : n === 1 ? count.dataset.one : count.dataset.many.replace("{n}", String(n));
  };
  for (const tick of ticks) tick.addEventListener("change", recount);
  recount();
  /** The feedback row the person is on: the one holding the focus, else the one j and k reached. */
  const focusedRow = () => document.activeElement?.closest("table.cards tbody tr") ?? rows[current];
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
    if (typing(event.target)) {
      if (event.key !== "Escape") return;
      event.preventDefault();
      event.target.blur();
      return;
    }
    const row = focusedRow();
    // On a feedback's page, j and k go to the next and previous feedback of the list it was opened from.
    const rel = event.key === "j" ? "next" : event.key === "k" ? "prev" : null;
    const beside = rows.length === 0 && rel && document.querySelector(\`a[rel=\${rel}]\`);
    if (beside) location.assign(beside.href);
    else if (event.key === "j") move(1);
    else if (event.key === "k") move(-1);
    else if (event.key === "s" && status) toStatus();
    else if (event.key === "s" && row?.querySelector("a")) location.assign(row.querySelector("a").href + "#new-status");
    else if (event.key === "/" && document.getElementById("query")) document.getElementById("query").focus();
    else if (event.key === "x" && row?.querySelector("input[type=checkbox]")) row.querySelector("input[type=checkbox]").click();
    else return;
    event.preventDefault();
  });
})();
`;
