import { eq } from "drizzle-orm";
import type { TRole, TViewer } from "@domain/access/roles";
import type { TRoleChange } from "@domain/access/user-admin-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { users } from "./schema";
import { getDb } from "../db/client";
import { notifyUser } from "../notifications/notify-user";

const ROLE_NAME: Record<TRole, string> = { customer: "customer", staff: "staff member", admin: "administrator" };

/**
 * An admin changes someone's role (docs/product/roles-and-access.md#users-list). Never their own (another admin does
 * that), and never the last admin's: the admins' rows are locked, so two admins demoting each other at once
 * cannot leave the site without one. Audited; the person is told in the app. It applies from their next request.
 */
export async function changeUserRole(
  admin: TViewer,
  input: TRoleChange,
): Promise<TResult<{ name: string; role: TRole; changed: boolean }>> {
  if (input.userId === admin.id) return refuse("forbidden", "You cannot change your own role: ask another administrator.");
  return getDb().transaction(async (tx) => {
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).for("update");
    const [person] = await tx
      .select({ id: users.id, name: users.name, role: users.role })
      .from(users)
      .where(eq(users.id, input.userId))
      .for("update");
    if (!person) return refuse("not_found", "That account does not exist.");
    const from = person.role as TRole;
    if (from === input.role) return succeed({ name: person.name, role: from, changed: false });
    if (from === "admin" && admins.length <= 1) return refuse("conflict", "The site needs at least one administrator.");
    await tx.update(users).set({ role: input.role, updatedAt: new Date() }).where(eq(users.id, person.id));
    await recordAudit(tx, {
      actorId: admin.id,
      action: "user.role_change",
      resourceType: "user",
      resourceId: person.id,
      oldData: { role: from },
      newData: { role: input.role },
    });
    await notifyUser(tx, {
      userId: person.id,
      type: "other",
      title: `You are now a ${ROLE_NAME[input.role]}`,
      message: input.role === "customer" ? "Your staff access has ended." : "Your new access applies from now on.",
      link: input.role === "customer" ? "/account" : "/staff",
    });
    return succeed({ name: person.name, role: input.role, changed: true });
  });
}
