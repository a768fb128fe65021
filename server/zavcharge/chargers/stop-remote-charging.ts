import { and, eq } from "drizzle-orm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../../db/client";
import { chargerGateway } from "./charger-gateway";
import { chargingSessions } from "../sessions/schema";

/**
 * A driver stops their own running session from the site (docs/product/zavcharge.md#chargers): the charger is
 * asked to stop (RemoteStopTransaction); the session is settled when its StopTransaction arrives, once.
 */
export async function stopRemoteCharging(accountId: number, sessionId: number): Promise<TResult<{ status: string }>> {
  const [s] = await getDb()
    .select({ id: chargingSessions.id, chargerId: chargingSessions.chargerId })
    .from(chargingSessions)
    .where(and(eq(chargingSessions.id, sessionId), eq(chargingSessions.accountId, accountId), eq(chargingSessions.status, "active")));
  if (!s) return refuse("not_found", "This session is not running any more.");
  if (!s.chargerId) return refuse("conflict", "An attendant runs this session: ask them to stop it.");
  const answer = await chargerGateway.remoteStop(s.id);
  if (!answer.ok) return refuse("unavailable", answer.message);
  if (answer.status !== "Accepted") return refuse("conflict", "The charger did not accept the stop. Try again, or unplug the car.");
  return succeed({ status: answer.status });
}
