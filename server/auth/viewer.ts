import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { CAPABILITIES, isRole, type TCapability, type TViewer } from "@domain/access/roles";
import { getDb, type DbOrTx } from "../db/client";
import { userCapabilities } from "../users/schema";
import { authSecret } from "../env";
import { getAuth, SESSION_UPDATE_AGE_SECONDS } from "./auth";
import { sessions, users } from "./schema";

type TUserFields = { id: string; name: string; email: string; role?: string | null; image?: string | null };

/** A person as the guards see them, from their row and capabilities as the database holds them (never the client's word). */
export function viewerFromRows(user: TUserFields, capabilities: readonly string[]): TViewer {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: isRole(user.role) ? user.role : "customer",
    capabilities: capabilities.filter((c): c is TCapability => (CAPABILITIES as readonly string[]).includes(c)),
    image: user.image ?? null,
  };
}

async function viewerOf(db: DbOrTx, user: TUserFields): Promise<TViewer> {
  const caps = await db
    .select({ capability: userCapabilities.capability })
    .from(userCapabilities)
    .where(eq(userCapabilities.userId, user.id));
  return viewerFromRows(
    user,
    caps.map((c) => c.capability),
  );
}

/**
 * The session token in the request's signed session cookie (better-auth's `zavolah.session_token`, or its `__Secure-`
 * form on https: `<token>.<base64 HMAC-SHA256 of it with the signing secret>`), or null when there is none or its
 * signature is wrong.
 */
export function signedSessionToken(cookieHeader: string | null): string | null {
  const match = /(?:^|;\s*)(?:__Secure-)?zavolah\.session_token=([^;]+)/.exec(cookieHeader ?? "");
  if (!match) return null;
  let value: string;
  try {
    value = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", authSecret()).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * The signed-in person, with role and capabilities read from the database (never from the client), on every request
 * (docs/product/accounts.md#sessions): one statement reads the session by its token, the person and their
 * capabilities, so a session signed out or revoked anywhere, and a role changed, count at once. Once a day a session
 * is read through better-auth instead, which moves its expiry on (the sliding 30 days).
 */
export async function getViewer(request: Request, now = new Date()): Promise<TViewer | null> {
  const token = signedSessionToken(request.headers.get("cookie"));
  if (!token) return null; // no cookie (or a forged one), no query
  const [row] = await getDb()
    .select({
      sessionUpdatedAt: sessions.updatedAt,
      user: { id: users.id, name: users.name, email: users.email, role: users.role, image: users.image },
      capabilities: sql<
        string[]
      >`coalesce((select array_agg(${userCapabilities.capability}) from ${userCapabilities} where ${userCapabilities.userId} = ${users.id}), '{}')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.token, token), gt(sessions.expiresAt, now)));
  if (!row) return null;
  if (now.getTime() - row.sessionUpdatedAt.getTime() > SESSION_UPDATE_AGE_SECONDS * 1000) {
    const session = await getAuth().api.getSession({ headers: request.headers });
    if (!session) return null;
  }
  return viewerFromRows(row.user, row.capabilities);
}

/**
 * The person a token of the JSON gateway stands for (server/gateway), with what its answers show of them; null when
 * the account is gone.
 */
export async function readViewerById(db: DbOrTx, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  return { viewer: await viewerOf(db, user), emailVerified: user.emailVerified, phone: user.phone ?? null, updatedAt: user.updatedAt };
}
