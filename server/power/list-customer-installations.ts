import { eq } from "drizzle-orm";
import type { TInstallationDetail } from "@domain/power/views";
import { getDb } from "../db/client";
import { getInstallationDetail } from "./installation-detail";
import { powerInstallations } from "./schema";

/** The systems a customer owns, in full, for their dashboard (docs/product/power-tracking.md#customers); nobody else's. */
export async function listCustomerInstallations(userId: string, now = new Date()): Promise<TInstallationDetail[]> {
  const rows = await getDb()
    .select({ id: powerInstallations.id })
    .from(powerInstallations)
    .where(eq(powerInstallations.customerUserId, userId))
    .orderBy(powerInstallations.id);
  const out: TInstallationDetail[] = [];
  for (const r of rows) {
    const detail = await getInstallationDetail(r.id, now);
    if (detail) out.push(detail);
  }
  return out;
}
