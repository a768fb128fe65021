import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { hashSessionToken } from "./pin-session-cookie";
import { zavchargePinSessions } from "./schema";

/** Signing out of a PIN session: the row goes, so the cookie opens nothing even if it was copied. */
export async function endPinSession(token: string): Promise<void> {
  await getDb()
    .delete(zavchargePinSessions)
    .where(eq(zavchargePinSessions.tokenHash, hashSessionToken(token)));
}
