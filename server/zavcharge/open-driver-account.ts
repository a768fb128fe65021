import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { DEFAULT_PLAN_CODE, generatedPin, subscriptionCode, WELCOME_CREDIT_KOBO } from "@domain/zavcharge/accounts/account-rules";
import { certain, refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { Tx } from "../db/client";
import { publicUrl } from "../env";
import { enqueueEmail } from "../messaging/enqueue-email";
import { enqueueSms } from "../messaging/enqueue-sms";
import { zavchargeWelcomeEmail, zavchargeWelcomeSms } from "../messaging/zavcharge-emails";
import { startSubscription } from "../subscriptions/start-subscription";
import { hashPin } from "./accounts/pin-hash";
import { postWalletEntry } from "./wallet/post-wallet-entry";
import { insertDriverAccount } from "./accounts/insert-driver-account";
import { zavchargeAccounts, zavchargePlans } from "./accounts/schema";
import { markWelcomeAwaitsPhone, setAccountSubscription } from "./accounts/set-welcome-state";
import { sendSmsCode } from "../auth/sms-codes";
import { smsConfigured } from "../messaging/transports";
import { claimWelcomeGrant, welcomeDeviceHashes, welcomeStillDue, type TWelcomePerson } from "./accounts/welcome-grant";

export type TOpenedDriverAccount = {
  accountId: number;
  code: string;
  /** Set only when the PIN was generated: shown once, never stored in clear. */
  generatedPin: string | null;
  /** 0 when this person had the welcome credit before, or it waits for their phone (docs/product/zavcharge.md#welcome-credit). */
  welcomeCreditKobo: number;
  /** The welcome waits for the code texted to the phone given: the dashboard asks for it. */
  welcomeAwaitsPhone: boolean;
  planName: string;
  /** The free first plan's end; null when the person had it before, and renews to charge. */
  expiresAt: Date | null;
};

/**
 * The welcome (docs/product/zavcharge.md#welcome-credit), in the caller's transaction, for a person none of whose keys
 * had it: the Monthly plan's first period and the credit, recorded against every key at once (two at once: one wins).
 * Null when a key had it before. The credit is the wallet's, the plan's period and the keys are accounts', so this and
 * the openings that give it sit above both sub-areas (docs/decisions/0048-zavcharge-sub-areas.md).
 */
export async function giveWelcome(
  tx: Tx,
  accountId: number,
  person: TWelcomePerson & { userId: string },
): Promise<{ expiresAt: Date; welcomeCreditKobo: number } | null> {
  if (!(await claimWelcomeGrant(tx, accountId, person))) return null;
  const [plan] = await tx.select().from(zavchargePlans).where(eq(zavchargePlans.code, DEFAULT_PLAN_CODE));
  if (!plan) throw new Error(`the ${DEFAULT_PLAN_CODE} ZavCharge plan is missing`);
  const period = await startSubscription(tx, {
    userId: person.userId,
    planName: plan.name,
    priceKobo: plan.priceKobo,
    periodDays: plan.periodDays,
  });
  await setAccountSubscription(tx, accountId, period.id);
  certain(
    await postWalletEntry(tx, {
      accountId,
      kind: "welcome_credit",
      amountKobo: WELCOME_CREDIT_KOBO,
      reference: `welcome:${accountId}`,
      description: "Welcome credit",
    }),
    "Posting a credit or a covered debit",
  );
  return { expiresAt: period.expiresAt, welcomeCreditKobo: WELCOME_CREDIT_KOBO };
}

/**
 * A site account's new ZavCharge account (docs/product/zavcharge.md#accounts), inside the caller's transaction:
 * a fresh ZAV… id, the hashed PIN (or a generated one), and the welcome e-mail and SMS in the outbox. The Monthly
 * plan's first period and the welcome credit come only to a person none of whose keys (site account, mailbox, phone,
 * devices) had them (docs/product/zavcharge.md#welcome-credit), and, where the site sends texts, only once they have
 * proved the phone with the code texted to it now (proveDriverPhone). One open account per site account; the caller
 * has confirmed the e-mail (a signed-in account, or the confirmation of a ZavCharge registration).
 */
export async function openDriverAccount(
  tx: Tx,
  /** `pin`: as typed (empty: one is generated), or the hash a pending registration kept; `deviceId`: the browser joining. */
  p: { userId: string; name: string; email: string; phone: string; pin: string | { hash: string }; deviceId?: string | null },
): Promise<TResult<TOpenedDriverAccount>> {
  const [open] = await tx.select({ id: zavchargeAccounts.id }).from(zavchargeAccounts).where(eq(zavchargeAccounts.userId, p.userId));
  if (open) return refuse("conflict", "You already have a ZavCharge account. Open your dashboard to see it.");
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

  const accountId = await insertDriverAccount(tx, {
    code,
    userId: p.userId,
    name: p.name,
    email: p.email,
    phone: p.phone,
    pinHash,
    planId: plan.id,
  });
  const person = { userId: p.userId, email: p.email, phone: p.phone, deviceHashes: await welcomeDeviceHashes(tx, p.userId, p.deviceId) };
  let given: { expiresAt: Date; welcomeCreditKobo: number } | null = null;
  let welcomeAwaitsPhone = false;
  if (smsConfigured()) {
    // A phone as typed proves nothing: the welcome waits for the code texted to it.
    if (await welcomeStillDue(tx, person)) {
      welcomeAwaitsPhone = true;
      await markWelcomeAwaitsPhone(tx, accountId);
      // Past the texts' limits (codes asked for elsewhere this hour) none goes now: the dashboard offers a new one.
      await sendSmsCode(tx, p.userId, { phone: p.phone }, "prove-phone");
    }
  } else given = await giveWelcome(tx, accountId, person);
  const welcome = {
    name: p.name,
    subscriptionId: code,
    planName: plan.name,
    expiresAt: given?.expiresAt ?? null,
    welcomeCreditKobo: given?.welcomeCreditKobo ?? 0,
    awaitsPhone: welcomeAwaitsPhone,
  };
  await enqueueEmail(tx, "zavcharge-welcome", { email: p.email, name: p.name }, zavchargeWelcomeEmail(welcome, publicUrl()));
  // Waiting for its code, the phone hears nothing else yet: the welcome text goes once it is proved.
  if (!welcomeAwaitsPhone) await enqueueSms(tx, "zavcharge-welcome", p.phone, zavchargeWelcomeSms(welcome));
  return succeed({
    accountId,
    code,
    generatedPin: generated,
    welcomeCreditKobo: welcome.welcomeCreditKobo,
    welcomeAwaitsPhone,
    planName: plan.name,
    expiresAt: welcome.expiresAt,
  });
}
