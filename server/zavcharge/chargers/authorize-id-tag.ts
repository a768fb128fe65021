import { ZIdTag } from "@domain/zavcharge/chargers/charger-input";
import { startDecision, type TStartStatus } from "@domain/zavcharge/sessions/start-decision";
import { getDb, type DbOrTx } from "../../db/client";
import { accountForStart } from "../sessions/account-for-start";

export type TIdTagStatus = TStartStatus;
export type TIdTagInfo = { status: TIdTagStatus };
export type TIdTagVerdict = { status: TIdTagStatus; accountId: number | null; userId: string | null };

/**
 * Who an id tag is and whether they may charge now (docs/product/zavcharge.md#chargers), by the one start decision
 * (domain/zavcharge/sessions/start-decision.ts) without a place: unknown or closed, Invalid; suspended, plan expired
 * or balance below the ₦500 to start, Blocked; already charging (any station), ConcurrentTx.
 */
export async function idTagVerdict(db: DbOrTx, rawTag: string, opts: { now?: Date } = {}): Promise<TIdTagVerdict> {
  const parsed = ZIdTag.safeParse(rawTag);
  if (!parsed.success) return { status: "Invalid", accountId: null, userId: null };
  const now = opts.now ?? new Date();
  const account = await accountForStart(db, { tag: parsed.data }, { now });
  const { status } = startDecision({ account: account?.facts ?? null, by: "charger" }, now);
  return { status, accountId: account?.id ?? null, userId: account?.userId ?? null };
}

/** Authorize (OCPP): the tag's verdict, as idTagInfo. */
export async function authorizeIdTag(idTag: string, now = new Date()): Promise<{ idTagInfo: TIdTagInfo }> {
  const verdict = await idTagVerdict(getDb(), idTag, { now });
  return { idTagInfo: { status: verdict.status } };
}
