import { eq } from "drizzle-orm";
import type { TForgotten, TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { userCapabilities } from "./schema";

/** A deleted person keeps no capability: no store, no student or investor area (docs/product/privacy-requests.md). */
export async function forgetCapabilities(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten> {
  const removed = await tx
    .delete(userCapabilities)
    .where(eq(userCapabilities.userId, p.userId))
    .returning({ capability: userCapabilities.capability });
  return { rows: removed.length };
}
