import { expect, test, type APIRequestContext } from "@playwright/test";
import { signedIn, type TDemoRole } from "../support";

// The database statements a personal page takes, from the Server-Timing header the journeys' server adds
// (SERVER_TIMING=1, docs/performance.md#queries-per-request). Each budget is today's count: a change that adds
// statements to every request (the frame, the session) or to one of these pages shows here first.

const BUDGETS: { role: TDemoRole; path: string; queries: number }[] = [
  { role: "customer", path: "/api/me", queries: 4 },
  { role: "customer", path: "/client-dashboard", queries: 5 },
  { role: "customer", path: "/account", queries: 13 },
  { role: "student", path: "/student/dashboard", queries: 3 },
  { role: "customer", path: "/zavcharge/dashboard", queries: 5 },
];

async function queriesOnce(request: APIRequestContext, path: string): Promise<number> {
  const res = await request.get(path, { maxRedirects: 0 });
  expect(res.status(), path).toBe(200);
  const timing = /db;desc="(\d+) queries"/.exec(res.headers()["server-timing"] ?? "");
  expect(timing, `${path} says how many statements it took`).toBeTruthy();
  return Number(timing![1]);
}

/**
 * A page's statements in the steady state: the fewer of two requests in a row. The first can also pay for what the
 * process keeps for a while and reads again when it runs out (the settings), whichever request comes then.
 */
async function queriesFor(request: APIRequestContext, path: string): Promise<number> {
  const first = await queriesOnce(request, path);
  return Math.min(first, await queriesOnce(request, path));
}

for (const role of [...new Set(BUDGETS.map((b) => b.role))]) {
  test.describe(`${role}'s pages`, () => {
    test.use({ storageState: signedIn(role) });

    test("each takes no more database statements than its budget", async ({ request }) => {
      const counted: Record<string, number> = {};
      for (const { path } of BUDGETS.filter((b) => b.role === role)) counted[path] = await queriesFor(request, path);
      for (const { path, queries } of BUDGETS.filter((b) => b.role === role))
        expect(counted[path], `${path}: ${counted[path]} statements`).toBeLessThanOrEqual(queries);
    });
  });
}
