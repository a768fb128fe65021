import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/test-database";
import { auditLog } from "../audit/schema";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { staffCodes } from "./schema";
import { issueStaffCode, ZIssueStaffCode } from "./issue-staff-code";
import { listStaffCodes } from "./list-staff-codes";
import { revokeStaffCode } from "./revoke-staff-code";

useTestDatabase();

describe("staff codes", () => {
  it("issues readable single-use codes with an audit entry, and revokes unused ones", async () => {
    await getDb().insert(users).values({ id: "adm1", name: "Adaeze Okonkwo", email: "adm1@zavolah.ng", role: "admin" });
    const code = await issueStaffCode("adm1", ZIssueStaffCode.parse({ department: "Installations", note: "Ibadan team" }));
    expect(code.code).toMatch(/^ZAV-INST-[A-HJ-NP-Z2-9]{6}$/);
    expect((await listStaffCodes()).map((c) => c.code)).toContain(code.code);

    expect(await revokeStaffCode("adm1", code.id)).toBe(true);
    expect(await revokeStaffCode("adm1", code.id)).toBe(false); // already revoked
    const log = await getDb().select().from(auditLog).where(eq(auditLog.actorId, "adm1")).orderBy(auditLog.id);
    expect(log.map((l) => l.action)).toEqual(["staff_code.issue", "staff_code.revoke"]);
  });

  it("keeps a used code as a record: it cannot be revoked", async () => {
    const [used] = await getDb()
      .insert(staffCodes)
      .values({ code: "ZAV-SALE-USED22", department: "Sales", usedAt: new Date() })
      .returning();
    expect(await revokeStaffCode("adm1", used!.id)).toBe(false);
  });

  it("needs a department", () => {
    expect(ZIssueStaffCode.safeParse({ department: " " }).success).toBe(false);
  });
});
