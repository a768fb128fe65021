import { eq } from "drizzle-orm";
import { CAPABILITIES, isRole, type TCapability, type TViewer } from "@domain/access/roles";
import { getDb } from "../db/client";
import { userCapabilities } from "../users/schema";
import { getAuth } from "./auth";

/** The signed-in person, with role and capabilities read from the database (never from the client). */
export async function getViewer(request: Request): Promise<TViewer | null> {
  if (!request.headers.get("cookie")?.includes("zavolah.session_token")) return null; // no cookie, no query
  const session = await getAuth().api.getSession({ headers: request.headers });
  if (!session) return null;
  const user = session.user as typeof session.user & { role?: string };
  const caps = await getDb()
    .select({ capability: userCapabilities.capability })
    .from(userCapabilities)
    .where(eq(userCapabilities.userId, user.id));
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: isRole(user.role) ? user.role : "customer",
    capabilities: caps.map((c) => c.capability).filter((c): c is TCapability => (CAPABILITIES as readonly string[]).includes(c)),
    image: user.image ?? null,
  };
}
