import { randomBytes } from "node:crypto";
import { PIN_SESSION_HOURS } from "@domain/zavcharge/accounts/account-rules";
import type { DbOrTx } from "../../db/client";
import { hashSessionToken } from "./pin-session-cookie";
import { zavchargePinSessions } from "./schema";

export type TPinSession = { token: string; maxAgeSeconds: number };

/** A new PIN session for an account (docs/product/zavcharge.md#pins): the token goes in the cookie, its hash here. */
export async function openPinSession(tx: DbOrTx, accountId: number): Promise<TPinSession> {
  const token = randomBytes(32).toString("base64url");
  const maxAgeSeconds = PIN_SESSION_HOURS * 3600;
  await tx
    .insert(zavchargePinSessions)
    .values({ tokenHash: hashSessionToken(token), accountId, expiresAt: new Date(Date.now() + maxAgeSeconds * 1000) });
  return { token, maxAgeSeconds };
}
