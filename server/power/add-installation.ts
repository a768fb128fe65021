import { eq, sql } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import type { TNewInstallation } from "@domain/power/reading-input";
import { succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { generateIngestKey, hashIngestKey, keyHint } from "./ingest-key";
import { powerInstallations } from "./schema";

/**
 * An admin adds an installation (docs/product/power-tracking.md#installations): its gateway's key is made here and
 * returned once; only its hash is kept. A customer e-mail that belongs to an account links the system to it.
 */
export async function addInstallation(admin: TViewer, input: TNewInstallation): Promise<TResult<{ id: number; key: string }>> {
  const key = generateIngestKey();
  const db = getDb();
  const email = input.customerEmail.toLowerCase();
  const id = await db.transaction(async (tx) => {
    const [owner] = email
      ? await tx
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(eq(sql`lower(${users.email})`, email))
      : [];
    const [row] = await tx
      .insert(powerInstallations)
      .values({
        siteName: input.siteName,
        customerUserId: owner?.id ?? null,
        customerName: input.customerName || owner?.name || null,
        customerEmail: email || null,
        city: input.city,
        state: input.state,
        pvWp: Math.round(input.pvKwp * 1000),
        batteryWh: Math.round(input.batteryKwh * 1000),
        inverterVa: Math.round(input.inverterKva * 1000),
        latitude: input.lat === "" ? null : input.lat,
        longitude: input.lng === "" ? null : input.lng,
        ingestKeyHash: hashIngestKey(key),
        ingestKeyHint: keyHint(key),
      })
      .returning({ id: powerInstallations.id });
    await recordAudit(tx, {
      actorId: admin.id,
      action: "power.installation.add",
      resourceType: "power_installation",
      resourceId: String(row!.id),
      newData: { siteName: input.siteName, city: input.city, state: input.state, customerLinked: !!owner },
    });
    return row!.id;
  });
  return succeed({ id, key });
}
