import { findDriverAccountForPinToken, type TDriverAccount } from "../zavcharge/accounts/find-driver-account";
import type { TApiCaller } from "./authenticate-api-token";

// The driver-only token of the gateway (docs/product/api-gateway.md#signing-in): a ZavCharge PIN session, the same
// one the website's PIN sign-in keeps in its cookie (docs/product/zavcharge.md#pins), sent as `Bearer zpt_<token>`.
// It opens the ZavCharge operations of its account and nothing else; it lives as a PIN session does (12 hours) and has
// no refresh token: the driver types the PIN again.

export const DRIVER_TOKEN_PREFIX = "zpt_";
const PIN_TOKEN = /^[A-Za-z0-9_-]{32,64}$/;

/** Who calls a ZavCharge operation: a person signed in with their password, or a driver with a PIN token. */
export type TDriverCaller =
  | { kind: "person"; person: TApiCaller }
  | { kind: "pin"; account: TDriverAccount; /** The PIN session's token, without the prefix: for signing out. */ pinToken: string };

export const isDriverToken = (bearer: string) => bearer.startsWith(DRIVER_TOKEN_PREFIX);

/** The bearer text of a PIN session's token. */
export const driverBearer = (pinToken: string) => `${DRIVER_TOKEN_PREFIX}${pinToken}`;

/** The open account of a live PIN session named by a driver token, or null (unknown, expired, signed out, closed). */
export async function authenticateDriverToken(bearer: string): Promise<Extract<TDriverCaller, { kind: "pin" }> | null> {
  const pinToken = bearer.slice(DRIVER_TOKEN_PREFIX.length);
  if (!isDriverToken(bearer) || !PIN_TOKEN.test(pinToken)) return null;
  const account = await findDriverAccountForPinToken(pinToken);
  return account ? { kind: "pin", account, pinToken } : null;
}
