import type { Language } from "../../../core/language.ts";
import type { Kind, Severity, Status } from "../../../core/schemas/feedback.ts";
import { type Html, html } from "../html.ts";
import { valueName, wordsFor } from "./words.ts";

/** A mark for each kind, so a problem and an idea differ at a glance (the word is said too). */
const KIND_ICONS: Readonly<Record<Kind, string>> = { problem: "⚠", idea: "✦", praise: "♥" };

export const statusBadge = (language: Language, status: Status): Html =>
  html`<span class="badge status-${status}">${valueName(language, status)}</span>`;

/** P0 stands out (filled), the others by colour and their name; none is said in words, quietly. */
/**
 * A severity as a badge; none said in words, or, in a list's column (`brief`), as a dash that a
 * screen reader still reads as words: "No severity" on every row wrapped onto two lines.
 */
export const severityBadge = (language: Language, severity: Severity | undefined, { brief = false } = {}): Html => {
  if (severity) return html`<span class="badge sev-${severity}">${severity}</span>`;
  const none = wordsFor(language, "common").noSeverity;
  return brief
    ? html`<span class="muted" aria-hidden="true">—</span><span class="visually-hidden">${none}</span>`
    : html`<span class="muted">${none}</span>`;
};

export const kindLabel = (language: Language, kind: Kind): Html =>
  html`<span class="kind" data-icon="${KIND_ICONS[kind]}">${valueName(language, kind)}</span>`;
