import axe from "axe-core";
import type { Page } from "@playwright/test";

// The axe check the journeys share: serious and critical violations only, as "rule: targets" lines.

// The dark theme changes colours only (the same markup under other CSS variables): its sweep runs the rules that
// read colours, the light sweep runs them all.
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

// Rules axe applies to the page's own document only (its "initiator" and page-level rules): a frame is checked
// as part of the page, not as a page of its own, as @axe-core/playwright did.
const PAGE_ONLY_RULES = ["document-title", "html-has-lang", "meta-viewport", "meta-viewport-large", "aria-hidden-body", "bypass"];

type TAxeViolation = { id: string; impact?: string | null; nodes: { target: unknown[] }[] };

export async function seriousViolations(page: Page, { colourOnly = false } = {}) {
  // A toast fading in (the sign-in's "Login Successful") has a contrast between its colours for 0.4 s; with
  // reduced motion it appears at once, so axe checks the toast as users read it, not mid-fade.
  await page.emulateMedia({ reducedMotion: "reduce" });
  const found: string[] = [];
  // axe-core itself in the page and in each of its frames (the e-mail previews): @axe-core/playwright's analyze()
  // opens a page of its own on every call to merge the frames' results, which made a page's check three times as
  // slow (2.5 s against 0.8 s on 2026-11-27). Violations only: axe then builds no selectors for what passes.
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => "axe" in window))) await frame.evaluate(axe.source);
    const inFrame = frame !== page.mainFrame();
    const violations = await frame.evaluate(
      async ({ rules, pageOnly }) => {
        const options = {
          iframes: false,
          resultTypes: ["violations"],
          ...(rules ? { runOnly: { type: "rule", values: rules } } : {}),
          rules: Object.fromEntries(pageOnly.map((id) => [id, { enabled: false }])),
        };
        const page = window as unknown as {
          axe: { run: (context: Document, options: object) => Promise<{ violations: TAxeViolation[] }> };
        };
        return (await page.axe.run(document, options)).violations;
      },
      { rules: colourOnly ? COLOUR_RULES : null, pageOnly: inFrame ? PAGE_ONLY_RULES : [] },
    );
    const where = inFrame ? `(frame ${frame.name() || frame.url()}) ` : "";
    for (const v of violations)
      if (v.impact === "serious" || v.impact === "critical")
        found.push(`${where}${v.id}: ${v.nodes.map((n) => (Array.isArray(n.target) ? n.target.join(" ") : String(n.target))).join(", ")}`);
  }
  return found;
}
