import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { defaultSettings } from "@domain/settings/settings";
import { watchLog } from "../../tests/support/log-lines";
import { useTestDatabase } from "../../tests/support/test-database";
import { auditLog } from "../audit/schema";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { getCachedSettings, getSettings } from "./get-settings";
import { siteSettings } from "./schema";
import { validateSettings } from "@domain/settings/validate-settings";
import { resetSettings } from "./reset-settings";
import { updateSettings as saveSettings } from "./update-settings";

useTestDatabase();

async function anAdmin() {
  const id = `admin-${Math.random().toString(36).slice(2)}`;
  await getDb()
    .insert(users)
    .values({ id, name: "Adaeze Okonkwo", email: `${id}@zavolah.ng`, role: "admin" });
  return id;
}

/** The settings form's path: every value checked first, then written. */
async function updateSettings(actorId: string, input: Record<string, unknown>) {
  const valid = validateSettings(input);
  return valid.ok ? { ok: true as const, ...(await saveSettings(actorId, valid.values)) } : valid;
}

describe("admin settings", () => {
  it("starts from the defaults of docs/product/settings.md", async () => {
    const s = await getSettings();
    expect(s).toEqual(defaultSettings());
    expect(s).toMatchObject({
      showZavCharge: true,
      heroTitle: "What makes a home?",
      maxCommission: 15,
      minReferrals: 1,
      freeShippingThreshold: 5_000_000,
      vatRateBasisPoints: 750,
      estimatedDeliveryDays: 5,
      expressDeliveryDays: 2,
    });
  });

  it("saves a change and writes who, old and new to the audit log in the same transaction", async () => {
    const admin = await anAdmin();
    const result = await updateSettings(admin, { zavChargeEnabled: false, heroTitle: "What makes a business?" });
    expect(result).toEqual({ ok: true, changed: ["zavChargeEnabled", "heroTitle"] });
    expect(await getSettings()).toMatchObject({ zavChargeEnabled: false, heroTitle: "What makes a business?" });
    const log = await getDb().select().from(auditLog).where(eq(auditLog.actorId, admin)).orderBy(auditLog.id);
    expect(log.map((l) => [l.resourceId, l.oldData, l.newData])).toEqual([
      ["zavChargeEnabled", true, false],
      ["heroTitle", "What makes a home?", "What makes a business?"],
    ]);
  });

  it("rejects the whole change when any value is invalid", async () => {
    const admin = await anAdmin();
    const before = await getSettings();
    const result = await updateSettings(admin, { showMarketplace: false, maxCommission: 150, heroTitle: "  ", bogus: 1 });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: "invalid_input",
        fieldErrors: {
          maxCommission: "Maximum commission (%) must be at most 100",
          heroTitle: "Hero title cannot be empty",
          bogus: "Unknown setting",
        },
      },
    });
    expect(await getSettings()).toEqual(before);
    expect(await getDb().select().from(auditLog).where(eq(auditLog.actorId, admin))).toHaveLength(0);
  });

  it("rejects fractional kobo and wrong types", async () => {
    const admin = await anAdmin();
    expect(await updateSettings(admin, { standardShippingFee: 12.5 })).toMatchObject({ ok: false });
    expect(await updateSettings(admin, { showSearch: "yes" })).toMatchObject({ ok: false });
  });

  it("resets to defaults and logs each restored value", async () => {
    const admin = await anAdmin();
    await updateSettings(admin, { minReferrals: 3 });
    const restored = await resetSettings(admin);
    expect(restored).toContain("minReferrals");
    expect(await getSettings()).toEqual(defaultSettings());
    const [last] = await getDb().select().from(auditLog).where(eq(auditLog.action, "setting.reset")).orderBy(auditLog.id);
    expect(last).toMatchObject({ actorId: admin });
  });

  it("falls back to the default when a stored value no longer validates", async () => {
    await getDb()
      .insert(siteSettings)
      .values({ key: "maxCommission", value: "lots" })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: "lots" } });
    const log = watchLog();
    try {
      expect((await getSettings()).maxCommission).toBe(15);
      log.expectLogged("stored setting is invalid; using its default", { key: "maxCommission" });
    } finally {
      // Left stored, it would be warned about by every later read of the settings.
      await getDb().delete(siteSettings).where(eq(siteSettings.key, "maxCommission"));
    }
  });

  it("the request path's cached settings see a change at once", async () => {
    const admin = await anAdmin();
    const log = watchLog();
    expect((await getCachedSettings()).heroTitle).toBe((await getSettings()).heroTitle);
    await updateSettings(admin, { heroTitle: "What makes a market?" });
    expect((await getCachedSettings()).heroTitle).toBe("What makes a market?");
    await resetSettings(admin);
    expect((await getCachedSettings()).heroTitle).toBe("What makes a home?");
    log.expectNothingLogged();
  });
});
