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
 * in the page's language: `<pre${copyable(language)}>`.
 */
export const copyable = (language: Language): Html => {
  const w = wordsFor(language, "copy");
  return html` data-copy="${w.copy}" data-copied="${w.copied}" data-copy-by-hand="${w.copyByHand}"`;
};

/** Whether a page's body shows a value marked for copying: only a mark holds this quote, escaped text never does. */
export const showsCopyable = (body: Html): boolean => body.value.includes(' data-copy="');
