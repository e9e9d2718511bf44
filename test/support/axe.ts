import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";

/** axe-core, the standard accessibility rules engine, as it ships. */
const AXE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

interface Violation {
  readonly id: string;
  readonly impact: string;
  readonly targets: readonly string[];
}

/**
 * The serious and critical accessibility violations axe-core finds on the page as it is shown.
 * Evaluated through the DevTools protocol, which the pages' strict CSP does not apply to.
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  // Once per document: a page checked at several widths and colour schemes keeps the engine it was given.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (window as any).axe;
    // Only the rules that can find a serious or critical violation: a rule's violation is as
    // serious as its worst failing check (or the rule's own impact), so the others could only
    // find what is filtered out below. A check without a declared impact counts as critical.
    // This skips about a third of the rules and a fifth of the time, with the same findings.
    const rank: Record<string, number> = { minor: 1, moderate: 2, serious: 3, critical: 4 };
    const checks = axe._audit.data.checks;
    const serious = (impact: string | undefined) => rank[impact ?? "critical"]! >= rank.serious!;
    const rules = axe._audit.rules
      // The rules a plain run takes: enabled, and of no excluded tag (experimental ones).
      .filter((rule: any) => rule.enabled !== false && !rule.tags.some((tag: string) => axe._audit.tagExclude.includes(tag)))
      .filter(
        (rule: any) =>
          [...rule.any, ...rule.all, ...rule.none].some((check: any) => serious(checks[typeof check === "string" ? check : check.id]?.impact)) ||
          (rule.impact !== undefined && serious(rule.impact)),
      )
      .map((rule: any) => rule.id);
    // Read from axe's internals: should they change, the check must fail rather than run no rule.
    const expected = ["color-contrast", "label", "button-name", "image-alt", "link-name", "aria-valid-attr-value"];
    if (!expected.every((id) => rules.includes(id))) throw new Error(`axe's serious rules are no longer found (${rules.length} found)`);
    const result = await axe.run({ resultTypes: ["violations"], runOnly: { type: "rule", values: rules } });
    return result.violations.map((v: any) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n: { target: string[] }) => n.target.join(" ")) }));
  });
  return violations.filter((v: Violation) => v.impact === "serious" || v.impact === "critical");
}

/** Whether the page scrolls sideways (it should not, even on a phone). */
export const scrollsSideways = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
