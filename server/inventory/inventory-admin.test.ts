import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ZInventoryFilters } from "@domain/orders/order-filters-input";
import type { TViewer } from "@domain/access/roles";
import { makeUser, placeSeededOrder, variantBySku } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { listOpenAlerts, listResolvedAlerts } from "../alerts/list-alerts";
import { resolveAlert as markAlertResolved, ZResolveAlert } from "../alerts/resolve-alert";
import { adminAlerts } from "../alerts/schema";
import { auditLog } from "../audit/schema";
import { products, productVariants } from "../catalog/schema";
import { getDb } from "../db/client";
import { contentVersion } from "../http/page-cache";
import { parseThen } from "@domain/errors/app-error";
import { setProductSupply as saveProductSupply, ZProductSupply } from "./set-product-supply";
import { setStockCount as saveStockCount, ZStockCount } from "./set-stock-count";
import { countLowStock, listInventory } from "./list-inventory";

// The forms' fields go through the same schema and use case as the staff inventory page's action.
const setStockCount = (actor: TViewer, fields: Record<string, string>) =>
  parseThen(ZStockCount, fields, ["onHand", "reason"], (input) => saveStockCount(actor, input));
const resolveAlert = (actor: TViewer, fields: Record<string, string>) =>
  parseThen(ZResolveAlert, fields, [], (input) => markAlertResolved(actor, input));
const setProductSupply = (actor: TViewer, fields: Record<string, string>) =>
  parseThen(ZProductSupply, fields, ["threshold", "supplier"], (input) => saveProductSupply(actor, input));

useTestDatabase();

let staff: TViewer;
let admin: TViewer;
let customer: TViewer;
beforeAll(async () => {
  staff = await makeUser("staff", "Tunde Bakare");
  admin = await makeUser("admin", "Adaeze Okonkwo");
  customer = await makeUser("customer", "Chidinma Eze");
});

const inventory = (over: Record<string, string> = {}) => listInventory(ZInventoryFilters.parse(over));
const onHand = async (id: number) =>
  (await getDb().select({ n: productVariants.onHand }).from(productVariants).where(eq(productVariants.id, id)))[0]!.n;
const lowStockAlerts = (variantId: number) =>
  getDb()
    .select()
    .from(adminAlerts)
    .where(eq(adminAlerts.dedupeKey, `low-stock:${variantId}`));

describe("listInventory", () => {
  it("shows on hand, reserved and available per variant, searchable, with a low-stock filter", async () => {
    const kit = await variantBySku("SOLAR-LIGHTING-KIT");
    await placeSeededOrder(customer, { lines: [{ sku: "SOLAR-LIGHTING-KIT", quantity: 3 }] });
    const { rows } = await inventory({ q: "SOLAR-LIGHTING-KIT" });
    expect(rows.filter((r) => r.sku === "SOLAR-LIGHTING-KIT")).toEqual([
      expect.objectContaining({
        sku: "SOLAR-LIGHTING-KIT",
        category: "lighting",
        onHand: kit.onHand,
        reserved: 3,
        available: kit.onHand - 3,
        low: false,
      }),
    ]);
    expect((await inventory({ q: "Lagos warehouse" })).total).toBeGreaterThan(1);
    expect((await inventory({ low: "1" })).rows.every((r) => r.low)).toBe(true);
  });
});

describe("setStockCount", () => {
  it("sets a new count with an audit entry, raises one low-stock alert however often it drops, and refreshes public pages", async () => {
    const sofa = await variantBySku("DETACHABLE-SMART-SOFA");
    const lowBefore = await countLowStock();
    const version = contentVersion();
    expect(await setStockCount(staff, { variantId: String(sofa.id), onHand: "2", reason: "Stock take, Lekki showroom" })).toMatchObject({
      ok: true,
    });
    expect(await onHand(sofa.id)).toBe(2);
    expect(contentVersion()).toBeGreaterThan(version);
    expect(await setStockCount(staff, { variantId: String(sofa.id), onHand: "1", reason: "One damaged in transit" })).toMatchObject({
      ok: true,
    });
    const alerts = await lowStockAlerts(sofa.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      type: "low_stock",
      status: "open",
      severity: "medium",
      title: `Low stock: ${(await getDb().select().from(products).where(eq(products.id, sofa.productId)))[0]!.name} (${sofa.name})`,
    });
    expect(await countLowStock()).toBe(lowBefore + 1);
    const audit = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resourceId, sofa.sku), eq(auditLog.action, "inventory.set_on_hand")))
      .orderBy(auditLog.id);
    expect(audit.map((a) => [a.actorId, a.oldData, a.newData])).toEqual([
      [staff.id, { onHand: sofa.onHand }, { onHand: 2, reason: "Stock take, Lekki showroom" }],
      [staff.id, { onHand: 2 }, { onHand: 1, reason: "One damaged in transit" }],
    ]);

    // Resolved, then dropping again raises a fresh alert.
    const open = (await listOpenAlerts()).find((a) => a.id === alerts[0]!.id)!;
    expect(await resolveAlert(admin, { alertId: String(open.id) })).toEqual({ ok: true, title: open.title });
    expect(await resolveAlert(admin, { alertId: String(open.id) })).toMatchObject({
      ok: false,
      error: { code: "conflict", message: "That alert was already resolved." },
    });
    expect((await listResolvedAlerts()).find((a) => a.id === open.id)).toMatchObject({ resolvedBy: "Adaeze Okonkwo" });
    expect(await setStockCount(staff, { variantId: String(sofa.id), onHand: "0", reason: "Sold at the showroom" })).toMatchObject({
      ok: true,
    });
    expect((await lowStockAlerts(sofa.id)).map((a) => [a.status, a.severity])).toEqual([
      ["resolved", "medium"],
      ["open", "high"],
    ]);
  });

  const bad: [string, string, string][] = [
    ["negative", "-4", "On hand must be a whole number from 0 to 1,000,000"],
    ["a decimal", "2.5", "On hand must be a whole number from 0 to 1,000,000"],
    ["text", "ten", "On hand must be a whole number from 0 to 1,000,000"],
    ["empty", "", "On hand must be a whole number from 0 to 1,000,000"],
    ["too many", "1000001", "On hand must be a whole number from 0 to 1,000,000"],
  ];
  for (const [what, value, message] of bad) {
    it(`refuses ${what} on hand and changes nothing`, async () => {
      const panel = await variantBySku("MONO-PERC-450W-PANEL");
      const audits = (await getDb().select().from(auditLog)).length;
      expect(await setStockCount(staff, { variantId: String(panel.id), onHand: value, reason: "Stock take" })).toMatchObject({
        ok: false,
        error: { code: "invalid_input", field: "onHand", message },
      });
      expect(await onHand(panel.id)).toBe(panel.onHand);
      expect((await getDb().select().from(auditLog)).length).toBe(audits);
    });
  }

  it("needs a reason and a staff member", async () => {
    const panel = await variantBySku("MONO-PERC-450W-PANEL");
    expect(await setStockCount(staff, { variantId: String(panel.id), onHand: "10", reason: "" })).toMatchObject({
      ok: false,
      error: { field: "reason" },
    });
    expect(await setStockCount(customer, { variantId: String(panel.id), onHand: "10", reason: "Stock take" })).toMatchObject({
      ok: false,
      error: { code: "forbidden", message: "Only staff can change stock." },
    });
    expect(await setStockCount(staff, { variantId: "999999", onHand: "10", reason: "Stock take" })).toMatchObject({
      ok: false,
      error: { code: "not_found", message: "That item no longer exists." },
    });
    expect(await onHand(panel.id)).toBe(panel.onHand);
  });
});

describe("setProductSupply", () => {
  it("changes a product's supplier and threshold with an audit entry; a threshold above what is left raises the alert", async () => {
    const inverter = await variantBySku("HYBRID-INVERTER-3-5KVA");
    expect(
      await setProductSupply(staff, { productId: String(inverter.productId), threshold: "30", supplier: "Solarix Nigeria Ltd, Ikeja" }),
    ).toMatchObject({ ok: true });
    const [p] = await getDb().select().from(products).where(eq(products.id, inverter.productId));
    expect(p).toMatchObject({ lowStockThreshold: 30, supplier: "Solarix Nigeria Ltd, Ikeja" });
    expect(await lowStockAlerts(inverter.id)).toHaveLength(1);
    expect(await setProductSupply(staff, { productId: String(inverter.productId), threshold: "-1", supplier: "X" })).toMatchObject({
      ok: false,
      error: { field: "threshold" },
    });
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.action, "inventory.set_supply"));
    expect(audit).toMatchObject({
      actorId: staff.id,
      oldData: { supplier: "Zavolah Lagos warehouse, Ikeja" },
      newData: { threshold: 30, supplier: "Solarix Nigeria Ltd, Ikeja" },
    });
  });
});

describe("resolveAlert", () => {
  it("is for admins only", async () => {
    const [open] = await listOpenAlerts();
    expect(await resolveAlert(staff, { alertId: String(open!.id) })).toMatchObject({
      ok: false,
      error: { code: "forbidden", message: "Only admins can resolve alerts." },
    });
    expect(await resolveAlert(admin, { alertId: "abc" })).toMatchObject({
      ok: false,
      error: { code: "invalid_input", message: "Unknown alert" },
    });
  });
});
