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
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(o: object): Promise<{ violations: any[] }> } }).axe.run({ resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n: { target: string[] }) => n.target.join(" ")) }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** Whether the page scrolls sideways (it should not, even on a phone). */
export const scrollsSideways = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
