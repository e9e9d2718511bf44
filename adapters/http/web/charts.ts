import { type Html, html } from "../html.ts";

/** One stacked series: its name (for the legend and the bar titles), its CSS class, and one value per bar. */
interface Series {
  readonly name: string;
  readonly className: string;
  readonly values: readonly number[];
}

/**
 * A stacked bar chart, one bar per label, drawn on the server: readable without JavaScript, each
 * bar titled with its figures ("28 Oct 2026: Problem 2, Idea 0", the colon as the language writes
 * it), the whole described by `title` and `summary` for screen readers.
 * The bars stretch to the width; the scale and the first and last labels are text beside them,
 * so they keep their size on a phone.
 */
export function stackedBars(
  id: string,
  { title, summary, colon }: { readonly title: string; readonly summary: string; readonly colon: string },
  labels: readonly string[],
  series: readonly Series[],
): Html {
  const totals = labels.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const height = 100;
  const bars = labels.map((label, i) => {
    let top = height;
    const parts = series.map((s) => {
      const part = ((s.values[i] ?? 0) / max) * height;
      top -= part;
      return part > 0 ? html`<rect class="${s.className}" x="${i + 0.15}" y="${top.toFixed(2)}" width="0.7" height="${part.toFixed(2)}"></rect>` : "";
    });
    return html`<g><title>${label}${colon}${series.map((s) => `${s.name} ${s.values[i] ?? 0}`).join(", ")}</title>${parts}</g>`;
  });
  return html`<figure class="chart"><div class="plot"><div class="scale" aria-hidden="true"><span>${max}</span><span>0</span></div>
<svg viewBox="0 0 ${labels.length} ${height}" preserveAspectRatio="none" role="img" aria-labelledby="${id}-title ${id}-desc">
<title id="${id}-title">${title}</title><desc id="${id}-desc">${summary}</desc>${bars}</svg></div>
<div class="range" aria-hidden="true"><span>${labels[0] ?? ""}</span><span>${labels.at(-1) ?? ""}</span></div>
<figcaption>${series.map((s) => html`<span class="legend"><svg width="12" height="12" aria-hidden="true"><rect class="${s.className}" width="12" height="12"></rect></svg> ${s.name}</span>`)}</figcaption></figure>`;
}

/**
 * Horizontal bars, one per labelled value, largest first: the labels and values are text, the bars
 * drawn beside them; a label with an `href` leads to what it counts.
 */
export function horizontalBars(title: string, rows: ReadonlyArray<{ readonly label: string; readonly value: number; readonly href?: string }>): Html {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return html`<ul class="hbars" aria-label="${title}">${rows.map(
    (r) =>
      html`<li><span class="hbar-label">${r.href ? html`<a href="${r.href}">${r.label}</a>` : r.label}</span><svg viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true"><rect class="bar" width="${((r.value / max) * 100).toFixed(1)}" height="10"></rect></svg><span class="num">${r.value}</span></li>`,
  )}</ul>`;
}
