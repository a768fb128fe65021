import { expect, test } from "@playwright/test";
import { HOSTILE_WALK_URL } from "../support";

// The property-based walk of the route table with hostile requests (tests/hostile/hostile-input.ts), with fixed seeds
// and a bounded count, in six parts, one journey each. The walk runs in a process of its own, started beside the
// site (playwright.config.ts), with its own server on the production build and its own database, so it can compare
// the database before and after each refused request; it sets up while the first journeys run, and the parts take
// turns in it. HOSTILE_RUNS and HOSTILE_SEED (read by that process) run it longer or differently.
const PARTS = 6;

for (let part = 1; part <= PARTS; part++) {
  test(`hostile requests to every route are answered with a 4xx and a message, never a 5xx, and change nothing (part ${part} of ${PARTS})`, async () => {
    const res = await fetch(`${HOSTILE_WALK_URL}/walk?part=${part}&of=${PARTS}`, { method: "POST" });
    const { ok, report } = (await res.json()) as { ok: boolean; report: string };
    expect(ok, report).toBe(true);
    expect(report).toMatch(new RegExp(`hostile requests over \\d+ routes and 4 roles, seed \\d+, part ${part} of ${PARTS}: no 5xx`));
  });
}
