import { and, eq, ne } from "drizzle-orm";
import type { TRole, TViewer } from "@domain/access/roles";
import type { TAdminGrantDecision, TRoleChange } from "@domain/access/user-admin-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { adminGrants, users } from "./schema";
import { getDb, type Tx } from "../db/client";
import { notifyAdmins } from "../notifications/notify-staff";
import { notifyUser } from "../notifications/notify-user";

const ROLE_NAME: Record<TRole, string> = { customer: "customer", staff: "staff member", admin: "administrator" };

/** Every admin hears, in the bell and by e-mail, of a change to who the admins are. */
async function tellAdmins(tx: Tx, subject: string, message: string, actionRequired: string) {
  await notifyAdmins(tx, {
    priority: "high",
    subject,
    message,
    actionRequired,
    link: "/admin/users#promotions",
    actionLabel: "Open the users list",
  });
}

async function setRole(tx: Tx, person: { id: string; name: string }, from: TRole, to: TRole, actorId: string, extra = {}) {
  await tx.update(users).set({ role: to, updatedAt: new Date() }).where(eq(users.id, person.id));
  await recordAudit(tx, {
    actorId,
    action: "user.role_change",
    resourceType: "user",
    resourceId: person.id,
    oldData: { role: from },
    newData: { role: to, ...extra },
  });
  await notifyUser(tx, {
    userId: person.id,
    type: "other",
    title: `You are now a ${ROLE_NAME[to]}`,
    message: to === "customer" ? "Your staff access has ended." : "Your new access applies from now on.",
    link: to === "customer" ? "/account" : "/staff",
  });
}

/**
 * An admin changes someone's role (docs/product/roles-and-access.md#users-list). Never their own (another admin does
 * that), and never the last admin's: the admins' rows are locked, so two admins demoting each other at once
 * cannot leave the site without one. Making someone an admin takes two (#administrators): it waits for a second
 * admin's approval (decideAdminGrant), unless the asker is the only admin, when it applies at once and is recorded
 * as granted by them alone. Audited; every admin hears of a change to the admins; the person is told in the app. It
 * applies from their next request.
 */
export async function changeUserRole(
  admin: TViewer,
  input: TRoleChange,
): Promise<TResult<{ name: string; role: TRole; changed: boolean; awaitingApproval: boolean }>> {
  if (input.userId === admin.id) return refuse("forbidden", "You cannot change your own role: ask another administrator.");
  return getDb().transaction(async (tx) => {
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).for("update");
    if (!admins.some((a) => a.id === admin.id)) return refuse("forbidden", "Only an administrator can change roles.");
    const [person] = await tx
      .select({ id: users.id, name: users.name, role: users.role })
      .from(users)
      .where(eq(users.id, input.userId))
      .for("update");
    if (!person) return refuse("not_found", "That account does not exist.");
    const from = person.role as TRole;
    if (from === input.role) return succeed({ name: person.name, role: from, changed: false, awaitingApproval: false });
    if (from === "admin" && admins.length <= 1) return refuse("conflict", "The site needs at least one administrator.");

    if (input.role === "admin") {
      const [waiting] = await tx
        .select({ id: adminGrants.id })
        .from(adminGrants)
        .where(and(eq(adminGrants.userId, person.id), eq(adminGrants.status, "pending")));
      if (waiting) return refuse("conflict", `Making ${person.name} an administrator is already waiting for a second administrator.`);
      const sole = admins.length === 1;
      const [grant] = await tx
        .insert(adminGrants)
        .values({
          userId: person.id,
          requestedBy: admin.id,
          ...(sole ? { status: "approved", decidedBy: admin.id, decidedAt: new Date() } : {}),
        })
        .returning({ id: adminGrants.id });
      if (sole) {
        await setRole(tx, person, from, "admin", admin.id, { grantId: grant!.id, approvedBy: "the only administrator" });
        await tellAdmins(
          tx,
          `${person.name} is now an administrator`,
          `${admin.name}, the only administrator, made ${person.name} an administrator. Until another administrator approves them, neither can approve what the other declares.`,
          "Check that this change was meant",
        );
        return succeed({ name: person.name, role: "admin" as const, changed: true, awaitingApproval: false });
      }
      await recordAudit(tx, {
        actorId: admin.id,
        action: "user.admin_grant.request",
        resourceType: "user",
        resourceId: person.id,
        oldData: { role: from },
        newData: { grantId: grant!.id },
      });
      await tellAdmins(
        tx,
        `Make ${person.name} an administrator?`,
        `${admin.name} asked to make ${person.name} an administrator. A second administrator must approve or reject it on the users list.`,
        "Approve or reject the promotion",
      );
      return succeed({ name: person.name, role: from, changed: false, awaitingApproval: true });
    }

    // A promotion still waiting for this person goes with any other change to their role.
    await tx
      .update(adminGrants)
      .set({ status: "rejected", decidedBy: admin.id, decidedAt: new Date() })
      .where(and(eq(adminGrants.userId, person.id), eq(adminGrants.status, "pending")));
    await setRole(tx, person, from, input.role, admin.id);
    if (from === "admin")
      await tellAdmins(
        tx,
        `${person.name} is no longer an administrator`,
        `${admin.name} made ${person.name} a ${ROLE_NAME[input.role]}.`,
        "Check that this change was meant",
      );
    return succeed({ name: person.name, role: input.role, changed: true, awaitingApproval: false });
  });
}

/**
 * A second admin approves or rejects a waiting promotion (docs/product/roles-and-access.md#administrators): never the
 * admin who asked for it (they may withdraw it, which rejects it) nor the person it promotes. Once: two admins at once
 * meet on the row's lock. Audited; every admin hears.
 */
export async function decideAdminGrant(admin: TViewer, input: TAdminGrantDecision): Promise<TResult<{ name: string; approved: boolean }>> {
  return getDb().transaction(async (tx) => {
    // The admins' rows first, as changeUserRole locks them, so the two never wait for each other in turn.
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).for("update");
    if (!admins.some((a) => a.id === admin.id)) return refuse("forbidden", "Only an administrator can decide this.");
    const [row] = await tx
      .select({ grant: adminGrants, name: users.name, role: users.role })
      .from(adminGrants)
      .innerJoin(users, eq(users.id, adminGrants.userId))
      .where(eq(adminGrants.id, input.grantId))
      .for("update", { of: adminGrants });
    if (!row) return refuse("not_found", "That promotion does not exist.");
    const { grant, name } = row;
    if (grant.status !== "pending") return refuse("conflict", `Making ${name} an administrator has already been decided.`);
    const approve = input.decision === "approve";
    const refusal =
      grant.userId === admin.id
        ? "You cannot decide your own promotion: another administrator does."
        : approve && grant.requestedBy === admin.id
          ? "You asked for this promotion: a second administrator must approve it."
          : null;
    if (refusal) {
      // One admin trying to be both pairs of eyes is worth a line in the audit log.
      await recordAudit(tx, {
        actorId: admin.id,
        action: "user.admin_grant.refused",
        resourceType: "user",
        resourceId: grant.userId,
        newData: { grantId: grant.id, decision: input.decision, reason: refusal },
      });
      return refuse("forbidden", refusal);
    }
    const decided = { decidedBy: admin.id, decidedAt: new Date() };
    if (!approve) {
      await tx
        .update(adminGrants)
        .set({ status: "rejected", ...decided })
        .where(eq(adminGrants.id, grant.id));
      await recordAudit(tx, {
        actorId: admin.id,
        action: "user.admin_grant.reject",
        resourceType: "user",
        resourceId: grant.userId,
        newData: { grantId: grant.id, requestedBy: grant.requestedBy },
      });
      await tellAdmins(
        tx,
        `${name} was not made an administrator`,
        grant.requestedBy === admin.id
          ? `${admin.name} withdrew making ${name} an administrator.`
          : `${admin.name} rejected making ${name} an administrator.`,
        "Nothing, unless this was not meant",
      );
      return succeed({ name, approved: false });
    }
    const [current] = await tx
      .select({ role: users.role })
      .from(users)
      .where(and(eq(users.id, grant.userId), ne(users.role, "admin")))
      .for("update");
    if (!current) return refuse("conflict", `${name} is already an administrator.`);
    await tx
      .update(adminGrants)
      .set({ status: "approved", ...decided })
      .where(eq(adminGrants.id, grant.id));
    await setRole(tx, { id: grant.userId, name }, current.role as TRole, "admin", admin.id, {
      grantId: grant.id,
      requestedBy: grant.requestedBy,
      approvedBy: admin.id,
    });
    await tellAdmins(
      tx,
      `${name} is now an administrator`,
      `${admin.name} approved making ${name} an administrator, as another administrator asked.`,
      "Nothing, unless this was not meant",
    );
    return succeed({ name, approved: true });
  });
}
