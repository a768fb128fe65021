import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

// The axe check the journeys share: serious and critical violations only, as "rule: targets" lines.

// The dark theme changes colours only (the same markup under other CSS variables): its sweep runs the rules that
// read colours, the light sweep runs them all.
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

export async function seriousViolations(page: Page, { colourOnly = false } = {}) {
  // A toast fading in (the sign-in's "Login Successful") has a contrast between its colours for 0.4 s; with
  // reduced motion it appears at once, so axe checks the toast as users read it, not mid-fade.
  await page.emulateMedia({ reducedMotion: "reduce" });
  const axe = new AxeBuilder({ page });
  const results = await (colourOnly ? axe.withRules(COLOUR_RULES) : axe).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
