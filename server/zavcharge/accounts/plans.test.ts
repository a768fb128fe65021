import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ZPlanFields } from "@domain/zavcharge/accounts/plan-input";
import { makeUser } from "../../../tests/support/store-fixtures";
import { useTestDatabase } from "../../../tests/support/test-database";
import { auditLog } from "../../audit/schema";
import { getDb } from "../../db/client";
import { listPlans } from "./list-plans";
import { savePlan } from "./save-plan";
import { zavchargePlans } from "./schema";

// Plans the admin defines (docs/product/zavcharge.md#plans).

useTestDatabase();

describe("ZavCharge plans", () => {
  it("every database has the Monthly plan new accounts start on", async () => {
    expect(await listPlans()).toEqual([expect.objectContaining({ code: "monthly", priceKobo: 1_500_000, periodDays: 30 })]);
  });

  it("an admin adds a plan and reprices one, audited; drivers see only offered plans", async () => {
    const admin = await makeUser("admin", "Kemi Adeyemi");
    const added = await savePlan(
      admin,
      null,
      ZPlanFields.parse({ name: "ZavCharge Fleet", price: "120,000", periodDays: "90", sortOrder: "4", active: "on" }),
    );
    expect(added).toMatchObject({ ok: true, name: "ZavCharge Fleet" });
    const [fleet] = await getDb().select().from(zavchargePlans).where(eq(zavchargePlans.code, "zavcharge-fleet"));
    expect(fleet).toMatchObject({ priceKobo: 12_000_000, periodDays: 90, active: true });
    const again = await savePlan(
      admin,
      null,
      ZPlanFields.parse({ name: "ZavCharge Fleet", price: "1", periodDays: "1", sortOrder: "0", active: "on" }),
    );
    expect(!again.ok && again.error.message).toBe("A plan with this name already exists.");

    await savePlan(admin, fleet!.id, ZPlanFields.parse({ name: "ZavCharge Fleet", price: "110000", periodDays: "90", sortOrder: "4" }));
    expect((await listPlans()).map((p) => p.code)).toEqual(["monthly"]);
    const audit = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.resourceId, String(fleet!.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(["zavcharge.plan.create", "zavcharge.plan.update"]);
  });

  it("refuses bad input and withdrawing Monthly, and changes nothing", async () => {
    const admin = await makeUser("admin", "Kemi Adeyemi");
    const bad = ZPlanFields.safeParse({ name: "X", price: "-5", periodDays: "400", sortOrder: "1" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(["Give the plan a name of at least 3 characters", "A plan lasts at most 366 days"]),
    );
    const [monthly] = await getDb().select().from(zavchargePlans).where(eq(zavchargePlans.code, "monthly"));
    const withdrawn = await savePlan(
      admin,
      monthly!.id,
      ZPlanFields.parse({ name: "Cheap", price: "1", periodDays: "30", sortOrder: "1" }),
    );
    expect(!withdrawn.ok && withdrawn.error.message).toMatch(/cannot be withdrawn/);
    const [after] = await getDb().select().from(zavchargePlans).where(eq(zavchargePlans.code, "monthly"));
    expect(after).toEqual(monthly);
  });
});
