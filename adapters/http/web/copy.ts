import { join } from "node:path";
import type { Language } from "../../../core/language.ts";
import { browserScript } from "../browser-script.ts";
import { type Html, html } from "../html.ts";
import { wordsFor } from "./words.ts";

/** Where the copy buttons' script is served; a page that shows a value to copy loads it (CSP `script-src 'self'`). */
export const COPY_SCRIPT_PATH = "/app/copy.js";

/** The copy buttons' script (`copy-buttons.ts`) as browsers run it. */
export const copyScript = browserScript(join(import.meta.dir, "copy-buttons.ts"));

/**
 * The attributes that mark an element's value for a Copy button, with the words the script says
 * in the page's language: `<pre${copyable(language)}>`. Where a page shows several values to copy,
 * `what` names the value in the button's accessible name ("Copy: Events"): a screen reader's list
 * of buttons would otherwise read "Copy" several times, with nothing to tell them apart.
 */
export const copyable = (language: Language, what?: string): Html => {
  const w = wordsFor(language, "copy");
  const name = what === undefined ? html`` : html` data-copy-name="${w.copyOf(what)}"`;
  return html` data-copy="${w.copy}"${name} data-copied="${w.copied}" data-copy-by-hand="${w.copyByHand}"`;
};

/** Whether a page's body shows a value marked for copying: only a mark holds this quote, escaped text never does. */
export const showsCopyable = (body: Html): boolean => body.value.includes(' data-copy="');
