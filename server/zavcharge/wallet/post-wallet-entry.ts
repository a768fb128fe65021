import { eq } from "drizzle-orm";
import type { TWalletEntryKind } from "@domain/zavcharge/wallet/wallet-rules";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { Tx } from "../../db/client";
import { moveAccountBalance } from "../accounts/move-account-balance";
import { zavchargeWalletEntries } from "./schema";

export type TWalletEntryInput = {
  accountId: number;
  kind: TWalletEntryKind;
  /** Positive credits, negative debits, in kobo. */
  amountKobo: number;
  /** What caused it, unique: `order-item:<id>`, `session:<id>`, `welcome:<account>`, `adjustment:<uuid>`. */
  reference: string;
  description: string;
  orderId?: string | null;
  sessionId?: number | null;
  staffUserId?: string | null;
  reason?: string | null;
  /** When it happened, if not now: for seeded and imported history. */
  createdAt?: Date;
};

export type TWalletEntry = typeof zavchargeWalletEntries.$inferSelect;

/**
 * The one way money enters or leaves a wallet (docs/product/zavcharge.md#wallet), inside the caller's
 * transaction: the balance moves by one guarded UPDATE (never below zero, however many run at once) and the
 * ledger row records the balance after it. A reference already posted returns that entry and moves nothing,
 * so a repeated webhook or stop message counts once; two racing with one reference cannot both commit (unique). A
 * debit the balance cannot cover is refused; the caller rolls back or says why.
 */
export async function postWalletEntry(tx: Tx, input: TWalletEntryInput): Promise<TResult<{ entry: TWalletEntry; duplicate: boolean }>> {
  if (!Number.isSafeInteger(input.amountKobo) || input.amountKobo === 0)
    throw new Error("A wallet entry needs a non-zero whole number of kobo");
  const [posted] = await tx.select().from(zavchargeWalletEntries).where(eq(zavchargeWalletEntries.reference, input.reference));
  if (posted) return succeed({ entry: posted, duplicate: true });

  // The balance is the account's column: accounts moves it (docs/decisions/0048-zavcharge-sub-areas.md).
  const balanceAfterKobo = await moveAccountBalance(tx, input.accountId, input.amountKobo);
  if (balanceAfterKobo === null) return refuse("conflict", "The balance is too low for this.");

  const [entry] = await tx
    .insert(zavchargeWalletEntries)
    .values({
      accountId: input.accountId,
      kind: input.kind,
      amountKobo: input.amountKobo,
      balanceAfterKobo,
      reference: input.reference,
      description: input.description,
      orderId: input.orderId ?? null,
      sessionId: input.sessionId ?? null,
      staffUserId: input.staffUserId ?? null,
      reason: input.reason ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  return succeed({ entry: entry!, duplicate: false });
}
