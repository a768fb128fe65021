import { eq } from "drizzle-orm";
import { CAPABILITIES, isRole, type TCapability, type TViewer } from "@domain/access/roles";
import { getDb, type DbOrTx } from "../db/client";
import { userCapabilities } from "../users/schema";
import { getAuth } from "./auth";
import { users } from "./schema";

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

/** The signed-in person, with role and capabilities read from the database (never from the client). */
export async function getViewer(request: Request): Promise<TViewer | null> {
  if (!request.headers.get("cookie")?.includes("zavolah.session_token")) return null; // no cookie, no query
  const session = await getAuth().api.getSession({ headers: request.headers });
  if (!session) return null;
  return viewerOf(getDb(), session.user as typeof session.user & { role?: string });
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
