import { and, count, desc, eq, ilike, inArray, or } from "drizzle-orm";
import type { TUserListFilters } from "@domain/access/user-admin-input";
import { USERS_PAGE_SIZE } from "@domain/access/users-list";
import type { TRole } from "@domain/access/roles";
import { users } from "../auth/schema";
import { containsTerm } from "../db/contains-term";
import { getDb } from "../db/client";
import { paginate } from "../db/paginate";
import { userCapabilities } from "./schema";

/** Everyone with an account, newest first, for admins (docs/product/roles-and-access.md#users-list). */
export async function listUsers(filters: TUserListFilters) {
  const db = getDb();
  const pattern = filters.q ? containsTerm(filters.q) : null;
  const where = and(
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
    filters.role ? eq(users.role, filters.role) : undefined,
  );
  const page = await paginate(
    filters.page,
    USERS_PAGE_SIZE,
    async () => (await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0,
    ({ limit, offset }) =>
      db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          role: users.role,
          emailVerified: users.emailVerified,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit)
        .offset(offset),
  );
  const ids = page.rows.map((r) => r.id);
  const caps = ids.length ? await db.select().from(userCapabilities).where(inArray(userCapabilities.userId, ids)) : [];
  return {
    ...page,
    filters: { ...filters, page: page.page },
    rows: page.rows.map((r) => ({
      ...r,
      role: r.role as TRole,
      capabilities: caps.filter((c) => c.userId === r.id).map((c) => c.capability),
    })),
  };
}
