import type { Language } from "../../../core/language.ts";
import type { RoadmapColumn } from "../../../core/portal/roadmap.ts";
import { type Html, html } from "../html.ts";
import type { PortalLinks } from "./links.ts";
import { portalWords } from "./words.ts";

/**
 * The roadmap: a column per status, each card with its votes and title; delivered ones of the last
 * 90 days only. On a phone the columns are a carousel, one at a time: above it, each column's name
 * and count lead to it, so a card behind empty columns is not missed.
 */
export function roadmapBody(language: Language, links: PortalLinks, columns: readonly RoadmapColumn[]): Html {
  const w = portalWords(language);
  return html`<h1>${w.roadmap}</h1><p class="intro">${w.roadmapIntro}</p>
<nav class="jump" aria-label="${w.roadmap}"><ul>${columns.map(
    (c) => html`<li><a href="#col-${c.status}">${c.label} <span class="chip">${c.feedbacks.length}</span></a></li>`,
  )}</ul></nav>
<div class="columns">${columns.map(
    (
      c,
    ) => html`<section class="column" aria-labelledby="col-${c.status}"><h2 id="col-${c.status}"><span class="status st-${c.status}">${c.label}</span><span class="chip">${w.count(c.feedbacks.length)}</span></h2>
${c.status === "delivered" ? html`<p class="note">${w.deliveredNote}</p>` : ""}
${
  c.feedbacks.length > 0
    ? html`<ul>${c.feedbacks.map(
        (f) =>
          html`<li><div class="votes"><strong>${f.votes}</strong><span>${w.votes(f.votes)}</span></div><div><h3><a href="${links.feedback(f.key)}">${f.publicTitle}</a></h3><p class="meta"><span>${w.kinds[f.kind]}</span>${f.app.name ? html`<span>${f.app.name}</span>` : ""}</p></div></li>`,
      )}</ul>`
    : html`<p class="none">${w.columnEmpty}</p>`
}</section>`,
  )}</div>`;
}
