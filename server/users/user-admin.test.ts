import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ZRoleChange, parseUserListFilters } from "@domain/access/user-admin-input";
import { makeUser } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { auditLog } from "../audit/schema";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { changeUserRole } from "../auth/change-user-role";
import { listUsers } from "./list-users";
import { userCapabilities } from "./schema";

// The admins' users list and role changes (docs/product/roles-and-access.md#users-list).

useTestDatabase();

const roleOf = async (id: string) => (await getDb().select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

describe("the users list", () => {
  it("finds people by name or e-mail and role, newest first, with their capabilities", async () => {
    const tag = Math.random().toString(36).slice(2, 7);
    const ada = await makeUser("customer", `Adaeze ${tag} Nwosu`);
    const bola = await makeUser("staff", `Bola ${tag} Ade`);
    await getDb().insert(userCapabilities).values({ userId: ada.id, capability: "seller" });
    const found = await listUsers(parseUserListFilters(new URLSearchParams({ q: tag })));
    expect(found.rows.map((r) => r.name)).toEqual([`Bola ${tag} Ade`, `Adaeze ${tag} Nwosu`]);
    expect(found.rows[1]).toMatchObject({ role: "customer", capabilities: ["seller"] });
    expect((await listUsers(parseUserListFilters(new URLSearchParams({ q: tag, role: "staff" })))).rows.map((r) => r.id)).toEqual([
      bola.id,
    ]);
    expect((await listUsers(parseUserListFilters(new URLSearchParams({ q: ada.email })))).rows.map((r) => r.id)).toEqual([ada.id]);
    // Nonsense in the address is no filter.
    expect(parseUserListFilters(new URLSearchParams({ role: "superuser", page: "x" }))).toMatchObject({ role: null, page: 1 });
  });
});

describe("role changes", () => {
  it("changes a role, audits it and tells the person; the same role again changes nothing", async () => {
    const admin = await makeUser("admin", "Amaka Obi");
    const ngozi = await makeUser("customer", "Ngozi Eze");
    expect(await changeUserRole(admin, ZRoleChange.parse({ userId: ngozi.id, role: "staff" }))).toMatchObject({
      ok: true,
      role: "staff",
      changed: true,
    });
    expect(await roleOf(ngozi.id)).toBe("staff");
    const audit = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.role_change"), eq(auditLog.resourceId, ngozi.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, oldData: { role: "customer" }, newData: { role: "staff" } });
    expect(await changeUserRole(admin, ZRoleChange.parse({ userId: ngozi.id, role: "staff" }))).toMatchObject({ ok: true, changed: false });
  });

  it("refuses one's own role, an unknown account, an unknown role, and leaving the site without an admin", async () => {
    const admin = await makeUser("admin");
    const own = await changeUserRole(admin, { userId: admin.id, role: "customer" });
    expect(!own.ok && own.error).toMatchObject({ status: 403, message: "You cannot change your own role: ask another administrator." });
    const nobody = await changeUserRole(admin, { userId: "u-nobody", role: "staff" });
    expect(!nobody.ok && nobody.error.status).toBe(404);
    expect(ZRoleChange.safeParse({ userId: admin.id, role: "superuser" }).success).toBe(false);

    // Demote every other admin, then two admins try to demote each other at once: one of them stays admin.
    const others = await getDb().select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    const [a, b] = [await makeUser("admin", "Admin A"), await makeUser("admin", "Admin B")];
    for (const o of others) await getDb().update(users).set({ role: "staff" }).where(eq(users.id, o.id));
    const [ab, ba] = await Promise.all([
      changeUserRole(a, { userId: b.id, role: "staff" }),
      changeUserRole(b, { userId: a.id, role: "staff" }),
    ]);
    expect([ab.ok, ba.ok].filter(Boolean)).toHaveLength(1);
    const refused = ab.ok ? ba : ab;
    // The second to go sees either the last admin, or that it is no longer an admin itself.
    expect(!refused.ok && refused.error.message).toMatch(
      /^(The site needs at least one administrator\.|Only an administrator can change roles\.)$/,
    );
    expect((await getDb().select().from(users).where(eq(users.role, "admin"))).length).toBe(1);
  });
});
