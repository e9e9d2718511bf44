import { FEEDBACK_KEY } from "../../../core/feedback/key.ts";
import { type Html, html } from "../html.ts";

/** A feedback's key in running text: never cut at its hyphen ("DEMO-" at the end of a line, "12" on the next). */
export const keyText = (key: string): Html => html`<span class="nowrap">${key}</span>`;

/** A feedback's key as a link to its page, in running text: never cut at its hyphen either. */
export const keyLink = (key: string): Html => html`<a href="/inbox/${encodeURIComponent(key)}" class="nowrap">${key}</a>`;

/** Each key of a text, captured, as split() keeps it between the text around it. */
const KEYS_IN_TEXT = new RegExp(`\\b(${FEEDBACK_KEY.source})\\b`);

/** A sentence that names feedbacks by key (why an unmerge is refused), each key kept whole. */
export const keysKeptWhole = (sentence: string): Html => html`${sentence.split(KEYS_IN_TEXT).map((part, i) => (i % 2 === 1 ? keyText(part) : part))}`;
