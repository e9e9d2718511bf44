/**
 * Keyboard triage, a progressive enhancement (the pages work without it): in the inbox `j` and
 * `k` move through the feedbacks, Enter opens one, `x` ticks it for the bulk form (whose count of
 * ticked rows, and the list head's "select all" with its offer of the whole list, this script also runs), `s` opens the
 * focused one at its status and `/` goes to the search field; on a feedback page `s` goes to its
 * status, `j` and `k` to the next and previous feedback of the list. No field has the focus on
 * arrival, so the keys work at once; Escape leaves a text field, keeping what was typed (a search
 * field would clear itself), so they work again. Runs in the browser, built by `keyboard.ts`.
 */

// A module (the pages load it as one), so that its names are its own.
export {};

const ROW = "table.cards tbody tr";

/** Whether keys typed there are text: a ticked checkbox keeps the focus, and the keys still work from it (Space ticks it, as ever). */
const typing = (target: EventTarget | null): target is HTMLElement =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    /^(TEXTAREA|SELECT)$/.test(target.tagName) ||
    (target instanceof HTMLInputElement && !/^(checkbox|radio)$/.test(target.type)));

const rows = [...document.querySelectorAll<HTMLElement>(ROW)];
/** The row j and k reached last: at first the row of the feedback the person came back from (the address's #DEMO-42). */
let current = rows.findIndex((row) => location.hash !== "" && row.id === decodeURIComponent(location.hash.slice(1)));
rows[current]?.classList.add("current");
/** The feedback row holding the focus (a checkbox ticked there, say). */
const rowOfFocus = () => document.activeElement?.closest<HTMLElement>(ROW) ?? null;

function move(step: number): void {
  if (rows.length === 0) return;
  rows[current]?.classList.remove("current");
  const from = rows.indexOf(rowOfFocus()!);
  current = Math.max(0, Math.min(rows.length - 1, (from >= 0 ? from : current) + step));
  rows[current]!.classList.add("current");
  rows[current]!.querySelector("a")?.focus();
}

const status = document.getElementById("new-status") as HTMLSelectElement | null;
/** The status field with its label in view: focusing alone scrolls the field to the edge, its label out of sight. */
function toStatus(field: HTMLSelectElement): void {
  field.focus({ preventScroll: true });
  (field.labels?.[0] ?? field).scrollIntoView({ block: "center" });
}
// Opened with s from the inbox: the status is where the person meant to go. Again once the page has
// loaded, as the browser's own scroll to the address's #new-status comes after this script.
if (status && location.hash === "#new-status") {
  toStatus(status);
  addEventListener("load", () => requestAnimationFrame(() => toStatus(status)), { once: true });
}

// How many rows are ticked, beside the bulk form's title; the list head's checkbox ticked with all of them, mixed with some.
// Beside the link to the bulk form too, above the list, where the rows are ticked.
const counts = [...document.querySelectorAll<HTMLElement>(".bulk-count")];
const ticks = [...document.querySelectorAll<HTMLInputElement>("input[type=checkbox][name=keys]")];
const all = ticks.length > 0 ? document.querySelector<HTMLInputElement>("input[data-select-all]") : null;
// A list longer than its page: once the page is all ticked, a line above it offers the whole list, which
// the bulk form then applies to (sending the list's address instead of the keys) and says so by its button.
const offer = all ? document.querySelector<HTMLElement>(".list-scope") : null;
const listField = document.querySelector<HTMLInputElement>("#bulk input[name=list]");
const listNote = document.querySelector<HTMLElement>(".list-scope-note");
function wholeList(on: boolean): void {
  if (!offer || !listField || !listNote) return;
  listField.disabled = !on;
  listNote.hidden = !on;
  offer.querySelector<HTMLElement>("[data-page-ticked]")!.hidden = on;
  offer.querySelector<HTMLElement>("[data-list-ticked]")!.hidden = !on;
  sayCount();
}
offer?.querySelector("[data-tick-list]")?.addEventListener("click", () => {
  wholeList(true);
  // The button pressed is gone: the focus goes to the words that replace it, which say what is ticked.
  offer.querySelector<HTMLElement>("[data-list-ticked]")!.focus();
});

/**
 * How many the bulk form changes, beside its title: the rows ticked, or, the whole list ticked, as many
 * of the list as it reaches (its note's count), so that the title and the note never say two numbers.
 */
function sayCount(): void {
  const n = listField && !listField.disabled ? Number(listNote?.dataset.reached) : ticks.filter((t) => t.checked).length;
  for (const count of counts) {
    count.textContent = n === 0 ? "" : n === 1 ? (count.dataset.one ?? "") : (count.dataset.many ?? "").replace("{n}", String(n));
  }
}

function recount(): void {
  const n = ticks.filter((t) => t.checked).length;
  if (all) {
    all.checked = n === ticks.length;
    all.indeterminate = n > 0 && n < ticks.length;
  }
  // A row unticked, or select all off: the bulk form is back to the rows ticked.
  if (offer) offer.hidden = n < ticks.length;
  if (n < ticks.length) wholeList(false);
  sayCount();
}
for (const tick of ticks) tick.addEventListener("change", recount);
// Select all: shown here, where it works; it ticks every row of the page, or, all of them ticked, none.
if (all) {
  all.closest("label")!.hidden = false;
  all.addEventListener("change", () => {
    for (const tick of ticks) tick.checked = all.checked;
    recount();
  });
}
recount();

/** What a key does here; false where it does nothing, so the browser keeps it. */
function act(key: string): boolean {
  const row = rowOfFocus() ?? rows[current];
  // On a feedback's page, j and k go to the next and previous feedback of the list it was opened from.
  const rel = key === "j" ? "next" : key === "k" ? "prev" : null;
  const beside = rows.length === 0 && rel ? document.querySelector<HTMLAnchorElement>(`a[rel=${rel}]`) : null;
  const link = row?.querySelector("a");
  const tick = row?.querySelector<HTMLInputElement>("input[type=checkbox]");
  const query = document.getElementById("query");
  if (beside) location.assign(beside.href);
  else if (key === "j") move(1);
  else if (key === "k") move(-1);
  else if (key === "s" && status) toStatus(status);
  else if (key === "s" && link) location.assign(`${link.href}#new-status`);
  else if (key === "/" && query) query.focus();
  else if (key === "x" && tick) tick.click();
  else return false;
  return true;
}

document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
  if (typing(event.target)) {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.target.blur();
    return;
  }
  if (act(event.key)) event.preventDefault();
});
