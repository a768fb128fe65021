import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { atNow, refersTo, kobo } from "../../db/columns";
import { mayReferToUser } from "../../auth/schema";
import { zavchargeAccounts } from "../accounts/schema";

// ZavCharge's wallet (docs/product/zavcharge.md#wallet): the prepaid ledger of every credit and debit; the balance it
// keeps is the account's column (accounts' table), which wallet moves only through accounts' functions.

/**
 * The wallet ledger: every credit and debit with the balance after it, written in the same transaction as its
 * cause and as the account's balance. `reference` makes each cause count once (an order line, a session).
 */
export const zavchargeWalletEntries = pgTable(
  "zavcharge_wallet_entries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    accountId: refersTo("account_id", () => zavchargeAccounts.id),
    kind: text("kind").notNull(),
    amountKobo: kobo("amount_kobo").notNull(),
    balanceAfterKobo: kobo("balance_after_kobo").notNull(),
    reference: text("reference").notNull().unique(),
    description: text("description").notNull(),
    orderId: uuid("order_id"),
    sessionId: integer("session_id"),
    staffUserId: mayReferToUser("staff_user_id"),
    reason: text("reason"),
    createdAt: atNow("created_at"),
  },
  (t) => [
    index("zavcharge_wallet_entries_account_idx").on(t.accountId, t.id),
    check(
      "zavcharge_wallet_entries_kind_check",
      sql`${t.kind} in ('welcome_credit', 'top_up', 'charging', 'plan_renewal', 'refund', 'adjustment', 'referral_payout')`,
    ),
    check("zavcharge_wallet_entries_amount_check", sql`${t.amountKobo} <> 0`),
    check("zavcharge_wallet_entries_balance_check", sql`${t.balanceAfterKobo} >= 0`),
    check(
      "zavcharge_wallet_entries_reason_check",
      sql`${t.kind} <> 'adjustment' or (${t.reason} is not null and ${t.staffUserId} is not null)`,
    ),
  ],
);
