import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ZDistributionDeclaration } from "@domain/investments/investment-input";
import type { TViewer } from "@domain/access/roles";
import { createTier, investmentHeldSince } from "../../tests/support/investment-fixtures";
import { orFail } from "../../tests/support/results";
import { makeUser } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { auditLog } from "../audit/schema";
import { getDb } from "../db/client";
import { declareDistribution } from "../investments/declare-distribution";
import { decideDistribution } from "../investments/decide-distribution";
import { distributionPayments } from "../investments/schema";
import { outbox } from "../messaging/schema";
import { changeUserRole, decideAdminGrant } from "./change-user-role";
import { listWaitingPromotions } from "./list-admin-grants";
import { adminGrants, users } from "./schema";

// Two administrators in fact (docs/product/roles-and-access.md#administrators): one admin cannot make an account an
// admin alone while another admin exists, and cannot approve money through an account they made an admin.

useTestDatabase();

const roleOf = async (id: string) => (await getDb().select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;
const adminMail = async (emails: string[], subject: string) =>
  (await getDb().select().from(outbox).where(inArray(outbox.recipient, emails))).filter((m) => m.subject.includes(subject));
const asAdmin = (v: TViewer): TViewer => ({ ...v, role: "admin" });

/** A ₦100,000 pool on a tier of its own with one investor, declared by `declarer`; its id. */
async function declaredPool(declarer: TViewer) {
  const tierId = await createTier(declarer, { max: "10,000,000" });
  await investmentHeldSince(tierId, "Chinedu Okeke", 100_000_000, "2026-03-01");
  const input = ZDistributionDeclaration.parse({
    tierId: String(tierId),
    from: "2026-07-01",
    to: "2026-09-29",
    basis: "pool",
    pool: "100,000",
  });
  return orFail(await declareDistribution(declarer, input, "2026-11-28")).declarationId;
}
const sharesOf = (declarationId: number) =>
  getDb().select().from(distributionPayments).where(eq(distributionPayments.declarationId, declarationId));

describe("making someone an administrator", () => {
  it("waits for a second admin, who approves it; the asker and the person cannot, and every admin is e-mailed", async () => {
    const amaka = await makeUser("admin", "Amaka Obi");
    const femi = await makeUser("admin", "Femi Bello");
    const tobi = await makeUser("customer", "Tobi Alade");
    const asked = orFail(await changeUserRole(amaka, { userId: tobi.id, role: "admin" }));
    expect(asked).toMatchObject({ changed: false, awaitingApproval: true, role: "customer" });
    expect(await roleOf(tobi.id)).toBe("customer");
    expect(await changeUserRole(amaka, { userId: tobi.id, role: "admin" })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("already waiting") },
    });
    expect((await adminMail([amaka.email, femi.email], "Make Tobi Alade an administrator?")).map((m) => m.recipient).sort()).toEqual(
      [amaka.email, femi.email].sort(),
    );

    const [waiting] = (await listWaitingPromotions()).filter((w) => w.userId === tobi.id);
    expect(waiting).toMatchObject({ name: "Tobi Alade", requestedByName: "Amaka Obi" });
    expect(await decideAdminGrant(amaka, { grantId: waiting!.id, decision: "approve" })).toMatchObject({
      ok: false,
      error: { status: 403, message: "You asked for this promotion: a second administrator must approve it." },
    });
    expect(await decideAdminGrant(asAdmin(tobi), { grantId: waiting!.id, decision: "approve" })).toMatchObject({ ok: false });
    const refusals = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.admin_grant.refused"), eq(auditLog.resourceId, tobi.id)));
    expect(refusals.map((r) => r.actorId)).toEqual([amaka.id]);
    // Two at once: it is decided once.
    const both = await Promise.all([
      decideAdminGrant(femi, { grantId: waiting!.id, decision: "approve" }),
      decideAdminGrant(femi, { grantId: waiting!.id, decision: "approve" }),
    ]);
    expect(both.filter((b) => b.ok)).toHaveLength(1);
    expect(await roleOf(tobi.id)).toBe("admin");
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.role_change"), eq(auditLog.resourceId, tobi.id)));
    expect(audit).toMatchObject({ actorId: femi.id, newData: { role: "admin", requestedBy: amaka.id, approvedBy: femi.id } });
    expect(await adminMail([amaka.email, femi.email], "Tobi Alade is now an administrator")).toHaveLength(2);
  });

  it("is rejected or withdrawn without changing anything; any other change of role drops it", async () => {
    const amaka = await makeUser("admin", "Amaka Obi");
    const femi = await makeUser("admin", "Femi Bello");
    const sade = await makeUser("staff", "Sade Johnson");
    orFail(await changeUserRole(amaka, { userId: sade.id, role: "admin" }));
    const grantOf = async () => (await listWaitingPromotions()).find((w) => w.userId === sade.id);
    orFail(await decideAdminGrant(amaka, { grantId: (await grantOf())!.id, decision: "reject" }));
    expect(await roleOf(sade.id)).toBe("staff");
    orFail(await changeUserRole(amaka, { userId: sade.id, role: "admin" }));
    const second = (await grantOf())!.id;
    orFail(await changeUserRole(femi, { userId: sade.id, role: "customer" }));
    expect(await grantOf()).toBeUndefined();
    expect(await decideAdminGrant(femi, { grantId: second, decision: "approve" })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("already been decided") },
    });
    expect(await roleOf(sade.id)).toBe("customer");
  });
});

describe("a two-admin distribution", () => {
  it("cannot be approved by an admin made by the declarer, nor by one of less than 7 days' standing", async () => {
    const amaka = await makeUser("admin", "Amaka Obi");
    const femi = await makeUser("admin", "Femi Bello");
    const puppet = await makeUser("customer", "Kola Adeyemi");
    orFail(await changeUserRole(amaka, { userId: puppet.id, role: "admin" }));
    const [waiting] = (await listWaitingPromotions()).filter((w) => w.userId === puppet.id);
    orFail(await decideAdminGrant(femi, { grantId: waiting!.id, decision: "approve" }));

    const fresh = await declaredPool(amaka);
    const refused = await decideDistribution(asAdmin(puppet), { declarationId: fresh, decision: "approve", reason: null });
    expect(refused).toMatchObject({ ok: false, error: { status: 403, message: expect.stringContaining("7 days' standing") } });
    expect(await sharesOf(fresh)).toEqual([]);
    const [refusal] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "investments.distribution.approve_refused"), eq(auditLog.resourceId, String(fresh))));
    expect(refusal).toMatchObject({ actorId: puppet.id });

    // Eight days on, still the declarer's own pick: only another admin's eyes count.
    await getDb()
      .update(adminGrants)
      .set({ decidedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(adminGrants.userId, puppet.id));
    const later = await declaredPool(amaka);
    expect(await decideDistribution(asAdmin(puppet), { declarationId: later, decision: "approve", reason: null })).toMatchObject({
      ok: false,
      error: { message: "The declarer made you an administrator: another administrator must approve it." },
    });
    expect(await decideDistribution(femi, { declarationId: later, decision: "approve", reason: null })).toMatchObject({ ok: true });
  });

  it("a sole admin's promotion applies at once, but neither of the two can approve what the other declares", async () => {
    const amaka = await makeUser("admin", "Amaka Obi");
    const others = await getDb().select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    for (const o of others.filter((o) => o.id !== amaka.id)) await getDb().update(users).set({ role: "staff" }).where(eq(users.id, o.id));
    const chidi = await makeUser("customer", "Chidi Nwosu");
    expect(await changeUserRole(amaka, { userId: chidi.id, role: "admin" })).toMatchObject({
      ok: true,
      changed: true,
      awaitingApproval: false,
    });
    expect(await roleOf(chidi.id)).toBe("admin");
    await getDb()
      .update(adminGrants)
      .set({ decidedAt: new Date(Date.now() - 30 * 86_400_000) })
      .where(eq(adminGrants.userId, chidi.id));
    const byAmaka = await declaredPool(amaka);
    const byChidi = await declaredPool(asAdmin(chidi));
    expect(await decideDistribution(asAdmin(chidi), { declarationId: byAmaka, decision: "approve", reason: null })).toMatchObject({
      ok: false,
    });
    expect(await decideDistribution(amaka, { declarationId: byChidi, decision: "approve", reason: null })).toMatchObject({
      ok: false,
      error: { message: "You made the declarer an administrator: another administrator must approve it." },
    });
    expect([...(await sharesOf(byAmaka)), ...(await sharesOf(byChidi))]).toEqual([]);
  });
});
