import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseAuditFilters } from "@domain/audit/audit-input";
import { makeUser } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { getDb } from "../db/client";
import { updateSettings } from "../settings/update-settings";
import { pruneAuditLog } from "./prune-audit";
import { recordAudit } from "./record-audit";
import { auditLog } from "./schema";
import { exportAuditCsv, searchAudit } from "./search-audit";

// The audit viewer's filters, its CSV and the retention job (docs/product/alerts-and-audit.md#audit-viewer).

useTestDatabase();

const filters = (params: Record<string, string>) => parseAuditFilters(new URLSearchParams(params));

async function entry(
  actorId: string,
  action: string,
  resourceType: string,
  resourceId: string,
  at: string,
  newData: unknown = { ok: true },
) {
  const [row] = await getDb()
    .insert(auditLog)
    .values({ actorId, action, resourceType, resourceId, newData, createdAt: new Date(at) })
    .returning({ id: auditLog.id });
  return row!.id;
}

describe("the audit viewer", () => {
  it("filters by who, action or action family, resource and Lagos days", async () => {
    const amaka = await makeUser("admin", "Amaka Obi");
    const tunde = await makeUser("staff", "Tunde Bakare");
    const tag = `r${Math.random().toString(36).slice(2, 8)}`;
    const shipped = await entry(tunde.id, "order.shipped", "order", `${tag}-1`, "2026-11-20T10:00:00Z");
    const refund = await entry(amaka.id, "order.refund", "order", `${tag}-2`, "2026-11-21T12:00:00Z");
    // 23:30 UTC on the 21st is already the 22nd in Lagos.
    const late = await entry(amaka.id, "setting.update", "settings", `${tag}-3`, "2026-11-21T23:30:00Z");
    const ids = async (params: Record<string, string>) =>
      (await searchAudit(filters(params))).rows.map((r) => r.id).filter((id) => [shipped, refund, late].includes(id));

    expect(await ids({})).toEqual([late, refund, shipped]);
    expect(await ids({ actor: "amaka obi" })).toEqual([late, refund]);
    expect(await ids({ actor: tunde.email })).toEqual([shipped]);
    expect(await ids({ action: "order." })).toEqual([refund, shipped]);
    expect(await ids({ action: "order.refund" })).toEqual([refund]);
    expect(await ids({ resourceType: "settings" })).toEqual([late]);
    expect(await ids({ from: "2026-11-21", to: "2026-11-21" })).toEqual([refund]);
    expect(await ids({ from: "2026-11-22" })).toEqual([late]);
    // Reversed dates are read the right way round; nonsense falls back to no filter.
    expect(await ids({ from: "2026-11-21", to: "2026-11-20" })).toEqual([refund, shipped]);
    expect(await ids({ action: "'; drop table audit_log; --", from: "yesterday", page: "-2" })).toEqual([late, refund, shipped]);
    const found = await searchAudit(filters({ resourceType: "order", actor: amaka.name }));
    expect(found.rows[0]).toMatchObject({ action: "order.refund", actorName: "Amaka Obi", actorEmail: amaka.email });
    expect(found.resourceTypes).toEqual(expect.arrayContaining(["order", "settings"]));
  });

  it("exports what the filters show as CSV, with spreadsheet formulas defused", async () => {
    const admin = await makeUser("admin", "Ifeoma Nnaji");
    await recordAudit(getDb(), {
      actorId: admin.id,
      action: "blog.publish",
      resourceType: "blog_post",
      resourceId: "=cmd|' /C calc'!A0",
      oldData: { status: "draft" },
      newData: { title: '+234 Solar, "bright" nights' },
    });
    const { csv, rows } = await exportAuditCsv(filters({ actor: admin.email }));
    expect(rows).toBe(1);
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("When (Lagos),Who,E-mail,Action,Resource,Resource id,Before,After");
    expect(lines[1]).toContain(`,Ifeoma Nnaji,${admin.email},blog.publish,blog_post,'=cmd|' /C calc'!A0,`);
    expect(lines[1]).toContain('"{""status"":""draft""}"');
    expect(lines[1]).toContain('"{""title"":""+234 Solar, \\""bright\\"" nights""}"');
  });

  it("keeps entries for the retention the settings give, and removes older ones", async () => {
    const admin = await makeUser("admin");
    const now = new Date("2026-11-24T12:00:00Z");
    await updateSettings(admin.id, { auditRetentionDays: 90 });
    const old = await entry(admin.id, "alert.resolve", "alert", "1", "2026-08-20T12:00:00Z");
    const kept = await entry(admin.id, "alert.resolve", "alert", "2", "2026-08-30T12:00:00Z");
    expect(await pruneAuditLog(now)).toBeGreaterThanOrEqual(1);
    const left = await getDb().select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.resourceType, "alert"));
    expect(left.map((r) => r.id)).toEqual([kept]);
    expect(left.map((r) => r.id)).not.toContain(old);
  });
});
