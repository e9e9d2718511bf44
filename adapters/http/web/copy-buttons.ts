/**
 * Copy buttons, a progressive enhancement (without it the values are there to select by hand):
 * beside each value the server marked with `data-copy` (a snippet, a link to hand over, a secret
 * shown once), a Copy button that puts the value on the clipboard and says so in a polite live
 * region beside it. Where the clipboard is refused or missing (a page on plain http, on a LAN, is
 * not a secure context), the value is selected instead and the region says which keys copy it.
 * The words are the page's own, in the mark's attributes. Runs in the browser, built by `copy.ts`.
 */

// A module (the pages load it as one), so that its names are its own.
export {};

/** The value as it is pasted: a field's value, else the text shown. */
const copiedText = (marked: HTMLElement): string => (marked instanceof HTMLInputElement ? marked.value : (marked.textContent ?? ""));

/** Selects the value, for the person to copy with the keyboard. */
function select(marked: HTMLElement): void {
  if (marked instanceof HTMLInputElement) {
    marked.select();
    return;
  }
  const range = document.createRange();
  range.selectNodeContents(marked);
  getSelection()?.removeAllRanges();
  getSelection()?.addRange(range);
}

for (const marked of document.querySelectorAll<HTMLElement>("[data-copy]")) {
  const { copy = "", copyName, copied = "", copyByHand = "" } = marked.dataset;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "secondary copy";
  button.textContent = copy;
  // Says which value, where a page has several: the name begins with the word shown (WCAG 2.5.3).
  if (copyName) button.setAttribute("aria-label", copyName);
  // In the page from the start, empty: a region added with its words already in it is not always read out.
  const said = document.createElement("span");
  said.className = "copy-said";
  said.setAttribute("role", "status");
  button.addEventListener("click", async () => {
    said.textContent = "";
    try {
      await navigator.clipboard.writeText(copiedText(marked));
      said.textContent = copied;
    } catch {
      select(marked);
      said.textContent = copyByHand;
    }
  });
  // Under a block (a snippet), beside a value within a line (a key, a link).
  const beside = document.createElement(getComputedStyle(marked).display === "block" ? "div" : "span");
  beside.className = "copy-row";
  beside.append(button, said);
  marked.after(beside);
}
