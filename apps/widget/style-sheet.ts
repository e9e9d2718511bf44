/**
 * A constructed style sheet: a host page's CSP without 'unsafe-inline' blocks `<style>` elements,
 * even in a shadow root, but not sheets built through the CSSOM.
 */
export function sheet(css: string): CSSStyleSheet {
  const built = new CSSStyleSheet();
  built.replaceSync(css);
  return built;
}
