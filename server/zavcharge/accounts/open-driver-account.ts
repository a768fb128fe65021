import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { DEFAULT_PLAN_CODE, generatedPin, subscriptionCode, WELCOME_CREDIT_KOBO } from "@domain/zavcharge/accounts/account-rules";
import { AppError } from "@domain/errors/app-error";
import type { Tx } from "../../db/client";
import { publicUrl } from "../../env";
import { enqueueEmail } from "../../messaging/enqueue-email";
import { enqueueSms } from "../../messaging/enqueue-sms";
import { zavchargeWelcomeEmail, zavchargeWelcomeSms } from "../../messaging/zavcharge-emails";
import { startSubscription } from "../../subscriptions/start-subscription";
import { hashPin } from "./pin-hash";
import { postWalletEntry } from "../wallet/post-wallet-entry";
import { zavchargeAccounts, zavchargePlans } from "../schema";
import { claimWelcomeGrant } from "./welcome-grant";

export type TOpenedDriverAccount = {
  accountId: number;
  code: string;
  /** Set only when the PIN was generated: shown once, never stored in clear. */
  generatedPin: string | null;
  /** 0 when this person had the welcome credit before (docs/product/zavcharge.md#welcome-credit). */
  welcomeCreditKobo: number;
  planName: string;
  /** The free first plan's end; null when the person had it before, and renews to charge. */
  expiresAt: Date | null;
};

/**
 * A site account's new ZavCharge account (docs/product/zavcharge.md#accounts), inside the caller's transaction:
 * a fresh ZAV… id, the hashed PIN (or a generated one), and the welcome e-mail and SMS in the outbox. The Monthly
 * plan's first period and the welcome credit come with it only for a person who never had them
 * (docs/product/zavcharge.md#welcome-credit). One open account per site account; the caller has confirmed the
 * e-mail (a signed-in account, or the confirmation of a ZavCharge registration).
 */
export async function openDriverAccount(
  tx: Tx,
  /** `pin`: as typed (empty: one is generated), or the hash a pending registration kept. */
  p: { userId: string; name: string; email: string; phone: string; pin: string | { hash: string } },
): Promise<TOpenedDriverAccount> {
  const [open] = await tx.select({ id: zavchargeAccounts.id }).from(zavchargeAccounts).where(eq(zavchargeAccounts.userId, p.userId));
  if (open) throw new AppError("conflict", "You already have a ZavCharge account. Open your dashboard to see it.");
  const [plan] = await tx.select().from(zavchargePlans).where(eq(zavchargePlans.code, DEFAULT_PLAN_CODE));
  if (!plan) throw new Error(`the ${DEFAULT_PLAN_CODE} ZavCharge plan is missing`);

  const generated = p.pin === "" ? generatedPin(randomInt) : null;
  const pinHash = typeof p.pin === "string" ? await hashPin(generated ?? p.pin) : p.pin.hash;
  let code = "";
  for (let attempt = 0; attempt < 5 && !code; attempt++) {
    const candidate = subscriptionCode(Date.now(), randomInt);
    const [taken] = await tx.select({ id: zavchargeAccounts.id }).from(zavchargeAccounts).where(eq(zavchargeAccounts.code, candidate));
    if (!taken) code = candidate;
  }
  if (!code) throw new Error("could not draw a free subscription id");

  const [account] = await tx
    .insert(zavchargeAccounts)
    .values({ code, userId: p.userId, name: p.name, email: p.email, phone: p.phone, pinHash, planId: plan.id })
    .returning({ id: zavchargeAccounts.id });
  const accountId = account!.id;
  let expiresAt: Date | null = null;
  let welcomeCreditKobo = 0;
  if (await claimWelcomeGrant(tx, accountId, { userId: p.userId, email: p.email, phone: p.phone })) {
    const period = await startSubscription(tx, {
      userId: p.userId,
      planName: plan.name,
      priceKobo: plan.priceKobo,
      periodDays: plan.periodDays,
    });
    await tx.update(zavchargeAccounts).set({ subscriptionId: period.id }).where(eq(zavchargeAccounts.id, accountId));
    await postWalletEntry(tx, {
      accountId,
      kind: "welcome_credit",
      amountKobo: WELCOME_CREDIT_KOBO,
      reference: `welcome:${accountId}`,
      description: "Welcome credit",
    });
    expiresAt = period.expiresAt;
    welcomeCreditKobo = WELCOME_CREDIT_KOBO;
  }
  const welcome = { name: p.name, subscriptionId: code, planName: plan.name, expiresAt, welcomeCreditKobo };
  await enqueueEmail(tx, "zavcharge-welcome", { email: p.email, name: p.name }, zavchargeWelcomeEmail(welcome, publicUrl()));
  await enqueueSms(tx, "zavcharge-welcome", p.phone, zavchargeWelcomeSms(welcome));
  return { accountId, code, generatedPin: generated, welcomeCreditKobo, planName: plan.name, expiresAt };
}
