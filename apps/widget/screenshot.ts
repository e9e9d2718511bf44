import { domToCanvas } from "modern-screenshot";

/** What a screenshot may hold: in the widget, 2 MB once encoded. */
const MAX_BYTES = 2 * 1024 * 1024;
const MASK = "#1f2937";

/** Every element whose content must never be drawn: fields, passwords, and what the site marks. */
const MASKED = "input, textarea, select, [contenteditable], [data-retour-mask]";

/** Empties a cloned element and paints it as an opaque block of the same size. */
function blank(el: HTMLElement): void {
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
    el.value = "";
    el.removeAttribute("value");
    el.removeAttribute("placeholder");
  }
  // The copy keeps the computed size of the original as inline style, so the block covers the same area.
  el.replaceChildren();
  el.style.setProperty("background", MASK, "important");
  el.style.setProperty("color", "transparent", "important");
}

/**
 * What the browser paints behind the page: the first opaque background of body and html (the
 * root's propagates to the canvas), else white. Transparent pixels would turn black in a JPEG.
 */
function pageBackground(): string {
  for (const el of [document.body, document.documentElement]) {
    const color = getComputedStyle(el).backgroundColor;
    if (color && color !== "transparent" && !/^rgba\(.*,\s*0\)$/.test(color)) return color;
  }
  return "#fff";
}

/**
 * Whether a `<style>` gets a sheet on this page. A CSP without 'unsafe-inline' refuses it, and the
 * drawing reads the page's web fonts through one: there it is drawn without them, rather than not at all.
 */
function inlineStylesAllowed(): boolean {
  const probe = document.implementation.createHTMLDocument("");
  return probe.head.appendChild(probe.createElement("style")).sheet !== null;
}

/**
 * The visible page, drawn from the DOM (no screen-sharing prompt, so it works on phones). The
 * copy it is drawn from has every field, password and `[data-retour-mask]` element emptied and
 * blocked out before anything is drawn; the widget is left out. `inspect` sees that copy, as SVG.
 */
export async function takeScreenshot(inspect?: (svg: string) => void): Promise<Blob | null> {
  const root = document.documentElement;
  const canvas = await domToCanvas(root, {
    width: innerWidth,
    height: innerHeight,
    scale: Math.min(devicePixelRatio, 2),
    backgroundColor: pageBackground(),
    ...(!inlineStylesAllowed() && { font: false }),
    style: { transform: `translate(${-scrollX}px, ${-scrollY}px)` },
    filter: (node) => !(node instanceof Element && node.hasAttribute("data-retour-widget")),
    onCloneNode: (clone) => {
      if (!(clone instanceof Element)) return;
      for (const el of clone.querySelectorAll<HTMLElement>(MASKED)) blank(el);
      for (const el of clone.querySelectorAll("input[type=hidden], script, noscript, template")) el.remove();
    },
    onCreateForeignObjectSvg: (svg) => inspect?.(svg.outerHTML),
  });
  for (const quality of [0.85, 0.7, 0.5]) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
    if (blob && blob.size <= MAX_BYTES) return blob;
  }
  return null;
}
