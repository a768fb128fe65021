import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { request } from "@playwright/test";
import { BASE, DEMO, signedIn, signInAs, type TDemoRole } from "./support";

/**
 * Signs in each demo role once per run, once the server is up, and saves its cookies for the journeys'
 * `test.use({ storageState: signedIn(role) })`. A global setup rather than a setup project, so a single
 * file still runs alone (`--no-deps`) with its sign-ins in place.
 */
export default async function globalSetup() {
  await Promise.all(
    (Object.keys(DEMO) as TDemoRole[]).map(async (role) => {
      const context = await request.newContext({ baseURL: BASE });
      await signInAs(context, DEMO[role]);
      // Lands where the sign-in sent it, as a browser would, so its one-time "Login Successful" is used up here.
      await context.get("/");
      await mkdir(dirname(signedIn(role)), { recursive: true });
      await context.storageState({ path: signedIn(role) });
      await context.dispose();
    }),
  );
}
