import { sql } from "drizzle-orm";
import type { TForgotten, TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { ofPerson } from "../db/erase-text";
import { powerInstallations } from "./schema";

/**
 * A solar system we installed is equipment we keep monitoring, not the person (docs/product/privacy-requests.md): it
 * stays with its readings, but loses its owner (account, name, e-mail), its map position (their home) and any site name
 * that could name them ("Installation 12" instead).
 */
export async function forgetInstallationCustomer(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten> {
  const rows = await tx
    .update(powerInstallations)
    .set({
      customerUserId: null,
      customerName: null,
      customerEmail: null,
      latitude: null,
      longitude: null,
      siteName: sql`'Installation ' || ${powerInstallations.id}`,
    })
    .where(ofPerson(powerInstallations.customerUserId, powerInstallations.customerEmail, p))
    .returning({ id: powerInstallations.id });
  return { rows: rows.length };
}
