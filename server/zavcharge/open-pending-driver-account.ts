import { and, eq, ne } from "drizzle-orm";
import type { Tx } from "../db/client";
import { openDriverAccount, type TOpenedDriverAccount } from "./open-driver-account";
import { zavchargeAccounts } from "./accounts/schema";
import { PENDING_REGISTRATION_DAYS, takePendingRegistration } from "./accounts/take-pending-registration";

/**
 * Inside the transaction that confirms a person's e-mail: the ZavCharge account their registration was waiting for
 * opens now (docs/product/zavcharge.md#accounts), with the name, phone and PIN they gave, and the registration is
 * gone. Nothing when there is none, when it is older than PENDING_REGISTRATION_DAYS, or when they have joined since
 * (or have an account closed before: the e-mail is still confirmed).
 */
export async function openPendingDriverAccount(
  tx: Tx,
  p: { userId: string; email: string; deviceId?: string | null },
): Promise<TOpenedDriverAccount | null> {
  const pending = await takePendingRegistration(tx, p.userId);
  if (!pending) return null;
  if (Date.now() - pending.createdAt.getTime() > PENDING_REGISTRATION_DAYS * 86_400_000) return null;
  const [open] = await tx
    .select({ id: zavchargeAccounts.id })
    .from(zavchargeAccounts)
    .where(and(eq(zavchargeAccounts.userId, p.userId), ne(zavchargeAccounts.status, "closed")));
  if (open) return null;
  const opened = await openDriverAccount(tx, {
    userId: p.userId,
    name: pending.name,
    email: p.email,
    phone: pending.phone,
    pin: pending.pinHash ? { hash: pending.pinHash } : "",
    deviceId: p.deviceId ?? null,
  });
  return opened.ok ? opened : null;
}
