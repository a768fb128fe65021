import { count, eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { deletionRequests } from "./schema";

/** Open deletion requests, for the admin's pending approvals (docs/product/privacy-requests.md#staff). */
export async function countOpenDeletionRequests(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(deletionRequests).where(eq(deletionRequests.status, "open"));
  return row?.n ?? 0;
}
