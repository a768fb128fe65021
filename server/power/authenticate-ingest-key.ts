import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { hashIngestKey } from "./ingest-key";
import { powerInstallations } from "./schema";

/** The installation a gateway's key belongs to, or null (docs/product/power-tracking.md#keys). */
export async function authenticateIngestKey(key: string | null | undefined): Promise<{ installationId: number } | null> {
  if (!key || key.length < 8 || key.length > 200) return null;
  const [row] = await getDb()
    .select({ id: powerInstallations.id })
    .from(powerInstallations)
    .where(eq(powerInstallations.ingestKeyHash, hashIngestKey(key)));
  return row ? { installationId: row.id } : null;
}

/** The bearer token of an Authorization header, or null. */
export function bearerKey(header: string | null | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(header?.trim() ?? "");
  return m ? m[1]! : null;
}
