import type { Page } from "playwright-core";
import { scrollsSideways, seriousViolations } from "./axe.ts";
import { saveScreenshot } from "./chromium.ts";

type Scheme = "light" | "dark";

interface Flaw {
  readonly width: number;
  readonly scheme: Scheme;
  readonly violations: unknown[];
  readonly sideways: boolean;
}

/**
 * A portal page as it is now, at 1280 and 390 px, in each colour scheme asked (light and dark, or
 * light alone for a team page, or a portal page whose dark colours another page already shows):
 * what is wrong with it (axe's serious violations, sideways scrolling), each look saved as a
 * screenshot, `portal-<name>-<width>[-dark]`.
 */
export async function portalLook(page: Page, name: string, schemes: readonly Scheme[] = ["light", "dark"]): Promise<Flaw[]> {
  const found: Flaw[] = [];
  for (const scheme of schemes) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreenshot(page, `portal-${name}-${width}${scheme === "dark" ? "-dark" : ""}`);
      const violations = await seriousViolations(page);
      const sideways = await scrollsSideways(page);
      if (violations.length > 0 || sideways) found.push({ width, scheme, violations, sideways });
    }
  }
  return found;
}
