import type { Language } from "../../../core/language.ts";
import type { Kind, Severity, Status } from "../../../core/schemas/feedback.ts";
import { type Html, html } from "../html.ts";
import { valueName, wordsFor } from "./words.ts";

/** A mark for each kind, so a problem and an idea differ at a glance (the word is said too). */
const KIND_ICONS: Readonly<Record<Kind, string>> = { problem: "⚠", idea: "✦", praise: "♥" };

export const statusBadge = (language: Language, status: Status): Html =>
  html`<span class="badge status-${status}">${valueName(language, status)}</span>`;

/** P0 stands out (filled), the others by colour and their name; none is said in words, quietly. */
export const severityBadge = (language: Language, severity: Severity | undefined): Html =>
  severity
    ? html`<span class="badge sev-${severity}">${severity}</span>`
    : html`<span class="muted">${wordsFor(language, "common").noSeverity}</span>`;

export const kindLabel = (language: Language, kind: Kind): Html =>
  html`<span class="kind" data-icon="${KIND_ICONS[kind]}">${valueName(language, kind)}</span>`;
