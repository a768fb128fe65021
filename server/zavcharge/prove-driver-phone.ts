import { and, eq, ne } from "drizzle-orm";
import { maskedPhone } from "@domain/auth/second-factor";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { formatNigerianPhone } from "@domain/nigeria/phone";
import { checkSmsCode, sendSmsCode } from "../auth/sms-codes";
import { getDb, type Tx } from "../db/client";
import { enqueueSms } from "../messaging/enqueue-sms";
import { zavchargeWelcomeSms } from "../messaging/zavcharge-emails";
import { zavchargeAccounts, zavchargePlans } from "./accounts/schema";
import { markDriverPhoneProved } from "./accounts/set-welcome-state";
import { giveWelcome } from "./open-driver-account";
import { welcomeDeviceHashes } from "./accounts/welcome-grant";

// A driver proves their phone with the code texted to it (docs/product/zavcharge.md#welcome-credit): the welcome that
// waited for it comes then, once per person, keyed on the proved number.

type TDriver = { id: number; userId: string | null };

const NOT_WAITING = "Your welcome is not waiting for your phone.";

/** The driver's open account waiting for its phone, locked. */
async function waitingAccount(tx: Tx, driver: TDriver) {
  const [row] = await tx
    .select({ account: zavchargeAccounts, planName: zavchargePlans.name })
    .from(zavchargeAccounts)
    .innerJoin(zavchargePlans, eq(zavchargePlans.id, zavchargeAccounts.planId))
    .where(and(eq(zavchargeAccounts.id, driver.id), ne(zavchargeAccounts.status, "closed")))
    .for("update", { of: zavchargeAccounts });
  return row && row.account.welcomeAwaitsPhone && row.account.userId && row.account.phone ? row : null;
}

/** "Send a new code": texts a new code to the account's phone, under the texted codes' limits. */
export async function sendDriverPhoneCode(driver: TDriver): Promise<TResult<{ phone: string }>> {
  return getDb().transaction(async (tx) => {
    const row = await waitingAccount(tx, driver);
    if (!row) return refuse("conflict", NOT_WAITING);
    const sent = await sendSmsCode(tx, row.account.userId!, { phone: row.account.phone! }, "prove-phone");
    return sent.ok ? succeed({ phone: maskedPhone(sent.phone) }) : sent;
  });
}

/**
 * The code typed on the dashboard: a right one proves the phone and gives the welcome, unless one of the person's keys
 * (now with the proved phone, and the browser it is typed in) had it meanwhile; a wrong one counts a try. Once: the
 * account's row is locked and the flag cleared in the same step.
 */
export async function proveDriverPhone(
  driver: TDriver,
  code: string,
  deviceId: string | null,
): Promise<TResult<{ welcomeCreditKobo: number; expiresAt: Date | null }>> {
  return getDb().transaction(async (tx) => {
    const row = await waitingAccount(tx, driver);
    if (!row) return refuse("conflict", NOT_WAITING);
    const { account } = row;
    const userId = account.userId!;
    const checked = await checkSmsCode(tx, userId, "prove-phone", code);
    if (!checked.ok) return checked; // returned, not thrown: the counted try is kept
    if (formatNigerianPhone(checked.phone!) !== formatNigerianPhone(account.phone!))
      return refuse("conflict", "That code was sent to a number you have changed since. Ask for a new code.", { field: "code" });
    await markDriverPhoneProved(tx, account.id);
    const deviceHashes = await welcomeDeviceHashes(tx, userId, deviceId);
    const given = await giveWelcome(tx, account.id, { userId, email: account.email, phone: account.phone, deviceHashes });
    const welcome = {
      name: account.name ?? "",
      subscriptionId: account.code,
      planName: row.planName,
      expiresAt: given?.expiresAt ?? null,
      welcomeCreditKobo: given?.welcomeCreditKobo ?? 0,
    };
    await enqueueSms(tx, "zavcharge-welcome", account.phone!, zavchargeWelcomeSms(welcome));
    return succeed({ welcomeCreditKobo: welcome.welcomeCreditKobo, expiresAt: welcome.expiresAt });
  });
}
