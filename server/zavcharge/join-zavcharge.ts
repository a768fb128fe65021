import type { TJoinZavCharge } from "@domain/zavcharge/accounts/account-input";
import type { TResult } from "@domain/errors/app-error";
import type { TViewer } from "@domain/access/roles";
import { inTransaction } from "../db/in-transaction";
import { openDriverAccount, type TOpenedDriverAccount } from "./open-driver-account";

/**
 * A signed-in site account opens its ZavCharge account (docs/product/zavcharge.md#accounts), with its own name and
 * e-mail, from the browser `deviceId` (one of the welcome's keys).
 */
export function joinZavCharge(
  viewer: TViewer,
  input: TJoinZavCharge,
  deviceId: string | null = null,
): Promise<TResult<TOpenedDriverAccount>> {
  return inTransaction((tx) =>
    openDriverAccount(tx, {
      userId: viewer.id,
      name: viewer.name,
      email: viewer.email,
      phone: input.phone,
      pin: input.pin,
      deviceId,
    }),
  );
}
