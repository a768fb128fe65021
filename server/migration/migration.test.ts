import { count, eq, inArray, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import type { TViewer } from "@domain/access/roles";
import { guessMapping, type TColumnMapping, type TMigrationKind } from "@domain/migration/migration";
import { createTestProduct, makeUser, onHandOf } from "../../tests/support/store-fixtures";
import { watchLog } from "../../tests/support/log-lines";
import { useTestDatabase } from "../../tests/support/test-database";
import { courses } from "../academy/schema";
import { auditLog } from "../audit/schema";
import { accounts, users } from "../auth/schema";
import { products, productVariants } from "../catalog/schema";
import { getDb } from "../db/client";
import { outbox } from "../messaging/schema";
import { notifications } from "../notifications/schema";
import { orderEvents, orderItems, orders } from "../orders/schema";
import { getSalesOverTime } from "../orders/sales-over-time";
import { paymentAttempts } from "../payments/schema";
import { stockReservations } from "../inventory/schema";
import { cancelMigrationRun } from "./cancel-migration-run";
import { checkMigrationRun } from "./check-migration-run";
import { expireMigrationRuns } from "./expire-migration-runs";
import { getMigrationProgress, getMigrationRun, migrationReportCsv } from "./get-migration-run";
import { runMigrations } from "./run-migrations";
import { migrationIds, migrationRecords, migrationRuns } from "./schema";
import { startMigrationRun } from "./start-migration-run";
import { uploadMigrationFile } from "./upload-migration-file";

useTestDatabase();

const countOf = async (table: PgTable) => (await getDb().select({ n: count() }).from(table))[0]!.n;

let admin: TViewer;
async function theAdmin() {
  admin ??= await makeUser("admin", "Adaeze Okonkwo");
  return admin;
}

/** Uploads a file, dry-runs it with the guessed mapping (or the one given) and answers the run's id and its page. */
async function dryRun(kind: TMigrationKind, csv: string, mapping?: (guessed: TColumnMapping) => TColumnMapping) {
  const uploaded = await uploadMigrationFile(await theAdmin(), { kind, fileName: `${kind}.csv`, text: csv });
  if (!uploaded.ok) throw new Error(uploaded.error.message);
  const run = (await getMigrationRun(uploaded.runId))!;
  const guessed = guessMapping(kind, run.header);
  const checked = await checkMigrationRun(admin, uploaded.runId, mapping ? mapping(guessed) : guessed);
  if (!checked.ok) throw new Error(checked.error.message);
  return { runId: uploaded.runId, planned: checked.planned };
}

async function importRun(runId: number) {
  expect((await startMigrationRun(admin, runId)).ok).toBe(true);
  await runMigrations();
  return (await getMigrationProgress(runId))!;
}

const CUSTOMERS = [
  "Customer ID,Name,Email,Phone,Registered",
  "OLD-1,Ngozi Okafor,ngozi.okafor@example.ng,0803 123 4567,25/11/2023 14:30",
  '"OLD-2","=cmd|\' /C calc\'!A0",aisha.bello@example.ng,803 555 0101,2024-01-05',
  "OLD-3,Emeka Obi,emeka.obi@example,,",
  "OLD-4,Funke Adeyemi,FUNKE.ADEYEMI@example.ng,+234 805 000 1111,",
  "OLD-5,Musa Sani,musa.sani@example.ng,=2+5,",
].join("\r\n");

describe("customers", () => {
  it("dry-runs without writing, imports once, matches an existing account, and a second run creates nothing", async () => {
    await getDb().insert(users).values({ id: "u-funke", name: "Funke A.", email: "funke.adeyemi@example.ng", emailVerified: true });
    await theAdmin();
    const usersBefore = await countOf(users);

    const { runId, planned } = await dryRun("customers", CUSTOMERS);
    expect(planned).toEqual({ create: 2, update: 1, unchanged: 0, refuse: 2 });
    expect(await countOf(users)).toBe(usersBefore);
    const page = (await getMigrationRun(runId))!;
    expect(page.refusedLines.map((r) => [r.lines, r.value, r.note])).toEqual([
      [[4], "emeka.obi@example", "Invalid email format"],
      [[6], "=2+5", "Phone is not a Nigerian mobile number"],
    ]);
    expect(page.changes.map((r) => [r.reference, r.note])).toEqual([["funke.adeyemi@example.ng", "phone none → +2348050001111"]]);
    expect(page.preview[0]!.cells).toEqual(["ngozi.okafor@example.ng", "Ngozi Okafor", "+2348031234567", "25 Nov 2023, 14:30"]);

    expect(await importRun(runId)).toMatchObject({
      status: "done",
      total: 3,
      processed: 3,
      created: 2,
      updated: 1,
      unchanged: 0,
      refused: 2,
      percent: 100,
    });
    const [ngozi] = await getDb().select().from(users).where(eq(users.email, "ngozi.okafor@example.ng"));
    expect(ngozi).toMatchObject({ name: "Ngozi Okafor", phone: "+2348031234567", role: "customer", emailVerified: true });
    expect(ngozi!.createdAt.toISOString()).toBe("2023-11-25T13:30:00.000Z");
    // No password (they choose one through "Forgot password") and nothing sent.
    expect(await getDb().select().from(accounts).where(eq(accounts.userId, ngozi!.id))).toEqual([]);
    expect(await countOf(outbox)).toBe(0);
    const [aisha] = await getDb().select({ name: users.name }).from(users).where(eq(users.email, "aisha.bello@example.ng"));
    expect(aisha!.name).toBe("=cmd|' /C calc'!A0");
    const [funke] = await getDb().select().from(users).where(eq(users.email, "funke.adeyemi@example.ng"));
    expect(funke).toMatchObject({ id: "u-funke", name: "Funke A.", phone: "+2348050001111" });

    // The report lists every line with what happened, a refused one with its reason, a formula-like value defused.
    const report = (await migrationReportCsv(runId))!;
    expect(report).toContain("Created,2\r\nUpdated,1\r\nUnchanged,0\r\nRefused,2\r\n");
    expect(report).toContain("3,OLD-2,Created,aisha.bello@example.ng,,");
    expect(report).toContain("4,OLD-3,Refused,,emeka.obi@example,Invalid email format");
    expect(report).toContain("6,OLD-5,Refused,,'=2+5,Phone is not a Nigerian mobile number");
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.action, "migration.imported"));
    expect(audit).toMatchObject({
      actorId: admin.id,
      newData: expect.objectContaining({ kind: "customers", created: 2, updated: 1, refused: 2 }),
    });

    const again = await dryRun("customers", CUSTOMERS);
    expect(again.planned).toEqual({ create: 0, update: 0, unchanged: 3, refuse: 2 });
    expect(await importRun(again.runId)).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    expect(await countOf(users)).toBe(usersBefore + 2);
  });

  it("refuses a file it cannot read and a mapping without the required columns, keeping nothing", async () => {
    const runsBefore = await countOf(migrationRuns);
    const binary = await uploadMigrationFile(await theAdmin(), { kind: "customers", fileName: "photo.csv", text: "PK\u0003\u0004\u0000" });
    expect(binary.ok ? "" : binary.error.message).toBe("This is not a CSV text file: export it from your spreadsheet as CSV UTF-8");
    expect(await countOf(migrationRuns)).toBe(runsBefore);

    const uploaded = await uploadMigrationFile(admin, {
      kind: "customers",
      fileName: "people.csv",
      text: "Full name;Mobile\nAda;0803 000 0000\n",
    });
    if (!uploaded.ok) throw new Error(uploaded.error.message);
    const checked = await checkMigrationRun(admin, uploaded.runId, guessMapping("customers", ["Full name", "Mobile"]));
    expect(checked.ok ? "" : checked.error.message).toBe("Choose the column for E-mail.");
    expect((await getMigrationRun(uploaded.runId))!.status).toBe("mapping");
    expect((await cancelMigrationRun(admin, uploaded.runId)).ok).toBe(true);
    expect((await startMigrationRun(admin, uploaded.runId)).ok).toBe(false);
  });

  it("drops a file left without its import for 7 days, keeping the runs that finished", async () => {
    const { runId } = await dryRun("customers", CUSTOMERS);
    const inAWeek = new Date(Date.now() + 7 * 86_400_000 + 60_000);
    expect(await expireMigrationRuns(new Date(Date.now() + 6 * 86_400_000))).toBe(0);
    expect(await expireMigrationRuns(inAWeek)).toBeGreaterThanOrEqual(1);
    const [run] = await getDb().select().from(migrationRuns).where(eq(migrationRuns.id, runId));
    expect(run).toMatchObject({ status: "cancelled", rows: [] });
    expect(await getDb().select().from(migrationRecords).where(eq(migrationRecords.runId, runId))).toEqual([]);
    expect((await startMigrationRun(admin, runId)).ok).toBe(false);
    expect(await getDb().select().from(migrationRuns).where(eq(migrationRuns.status, "done"))).not.toEqual([]);
  });
});

describe("products", () => {
  it("creates new SKUs, updates a known one, leaves an unchanged one, and refuses a bad line", async () => {
    await createTestProduct({ name: "Tubular Battery 200Ah", sku: "BAT-200AH", priceKobo: 35_000_000, onHand: 3 });
    const csv = [
      "SKU,Name,Category,Price,Stock,Description",
      'INV-5KVA-HYB,5kVA Hybrid Inverter,Inverters,"₦1,250,000.50",12,Pure sine wave',
      "BAT-200AH,Tubular Battery 200Ah,Batteries,385000,8,",
      "PANEL-450,450W Mono Panel,Solar panels,0,5,",
    ].join("\n");
    const { runId, planned } = await dryRun("products", csv);
    expect(planned).toEqual({ create: 1, update: 1, unchanged: 0, refuse: 1 });
    expect((await getMigrationRun(runId))!.changes[0]!.note).toBe("price ₦350,000.00 → ₦385,000.00, stock 3 → 8");
    expect(await importRun(runId)).toMatchObject({ created: 1, updated: 1, refused: 1 });
    const [inverter] = await getDb()
      .select({ price: productVariants.priceKobo, onHand: productVariants.onHand, active: products.active, slug: products.slug })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(productVariants.sku, "INV-5KVA-HYB"));
    expect(inverter).toEqual({ price: 125_000_050, onHand: 12, active: true, slug: "5kva-hybrid-inverter" });

    const again = await dryRun("products", csv);
    expect(again.planned).toEqual({ create: 0, update: 0, unchanged: 2, refuse: 1 });
  });
});

describe("orders", () => {
  it("brings history over without moving stock, sending, or opening payments, counts it as sales, and never twice", async () => {
    const { variant } = await createTestProduct({ name: "Solar Street Light 100W", sku: "LIGHT-100W", priceKobo: 9_500_000, onHand: 20 });
    await getDb()
      .insert(users)
      .values({ id: "u-bisi", name: "Bisi Adewale", email: "bisi@example.ng", emailVerified: true, phone: "+2348030000001" });
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const csv = [
      "Order No,Customer Email,Order Date,Status,SKU,Item,Qty,Unit Price,Delivery,Total",
      `A-1001,bisi@example.ng,${threeDaysAgo},Completed,LIGHT-100W,,2,95000,2500,192500`,
      "A-1001,,,,,Installation visit,1,0.00,,",
      `A-1002,bisi@example.ng,${threeDaysAgo},Completed,,Installation visit,1,25000,,25000`,
      `A-1003,stranger@example.ng,${threeDaysAgo},Completed,LIGHT-100W,,1,95000,,95000`,
      `A-1004,bisi@example.ng,${threeDaysAgo},Delivered,NO-SUCH-SKU,,1,1000,,1000`,
    ].join("\n");
    const ordersBefore = await countOf(orders);
    const salesBefore = (await getSalesOverTime("day")).totalKobo;

    const { runId, planned } = await dryRun("orders", csv);
    expect(planned).toEqual({ create: 1, update: 0, unchanged: 0, refuse: 3 });
    const refused = (await getMigrationRun(runId))!.refusedLines.map((r) => [r.lines, r.note]);
    expect(refused).toEqual([
      [[2, 3], "Line 3: the unit price must be more than ₦0"],
      [[5], "No customer has the e-mail stranger@example.ng: import the customers first"],
      [[6], 'Unknown SKU "NO-SUCH-SKU": import the products first, or leave the SKU empty to keep the line by its name'],
    ]);
    expect(await countOf(orders)).toBe(ordersBefore);

    expect(await importRun(runId)).toMatchObject({ created: 1, refused: 3 });
    const [order] = await getDb().select().from(orders).where(eq(orders.importedReference, "A-1002"));
    expect(order).toMatchObject({
      status: "delivered",
      userId: "u-bisi",
      phone: "+2348030000001",
      totalKobo: 2_500_000,
      paymentMethod: "bank_transfer",
    });
    expect(order!.paidAt).toEqual(order!.createdAt);
    expect(
      await getDb()
        .select({ name: orderItems.productName, variantId: orderItems.variantId })
        .from(orderItems)
        .where(eq(orderItems.orderId, order!.id)),
    ).toEqual([{ name: "Installation visit", variantId: null }]);
    const [event] = await getDb().select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(event).toMatchObject({ fromStatus: null, toStatus: "delivered", actorLabel: "Data migration" });
    expect(await onHandOf(variant.id)).toBe(20);
    expect(await countOf(stockReservations)).toBe(0);
    expect(await countOf(outbox)).toBe(0);
    expect(await countOf(notifications)).toBe(0);
    expect(await countOf(paymentAttempts)).toBe(0);
    // Past sales are sales: the dashboard's chart counts them on the day they were paid.
    expect((await getSalesOverTime("day")).totalKobo).toBe(salesBefore + 2_500_000);

    const again = await dryRun("orders", csv);
    expect(again.planned).toEqual({ create: 0, update: 0, unchanged: 1, refuse: 3 });
    expect(await importRun(again.runId)).toMatchObject({ created: 0, unchanged: 1 });
    expect(await countOf(orders)).toBe(ordersBefore + 1);
  });
});

describe("courses", () => {
  it("imports drafts, updates a draft it made, and leaves a published course as staff made it", async () => {
    const csv = (price: string) =>
      [
        "Course ID,Title,Category,Level,Duration,Price,Instructor",
        `OLD-7,Solar Installation Basics,Solar installation,Beginner,6 weeks,${price},Engr. Kunle Ajayi`,
        "OLD-8,Battery Banks for Homes,Energy storage,Intermediate,4,50000,",
      ].join("\n");
    const first = await dryRun("courses", csv("75000"));
    expect(first.planned).toEqual({ create: 2, update: 0, unchanged: 0, refuse: 0 });
    expect(await importRun(first.runId)).toMatchObject({ created: 2 });
    const [basics] = await getDb().select().from(courses).where(eq(courses.slug, "solar-installation-basics"));
    expect(basics).toMatchObject({
      status: "draft",
      priceKobo: 7_500_000,
      durationWeeks: 6,
      hoursPerWeek: 4,
      instructorName: "Engr. Kunle Ajayi",
    });
    await getDb().update(courses).set({ status: "published" }).where(eq(courses.slug, "battery-banks-for-homes"));

    const second = await dryRun("courses", csv("80000").replace("50000", "60000"));
    expect(second.planned).toEqual({ create: 0, update: 1, unchanged: 1, refuse: 0 });
    expect(await importRun(second.runId)).toMatchObject({ updated: 1, unchanged: 1 });
    const prices = await getDb()
      .select({ slug: courses.slug, price: courses.priceKobo })
      .from(courses)
      .where(inArray(courses.slug, ["solar-installation-basics", "battery-banks-for-homes"]));
    expect(Object.fromEntries(prices.map((p) => [p.slug, p.price]))).toEqual({
      "solar-installation-basics": 8_000_000,
      "battery-banks-for-homes": 5_000_000,
    });
    expect(await countOf(migrationIds)).toBeGreaterThan(0);
  });
});

describe("a batch that fails", () => {
  it("writes nothing of itself, stops the run with the reason, and the same file run again carries on", async () => {
    const lines = ["Email,Name"];
    for (let i = 1; i <= 600; i++) lines.push(`batch.${i}@example.ng,Customer ${i}`);
    const csv = lines.join("\n");
    // The database refuses the 400th customer, in the second batch of 250.
    await getDb().execute(sql`
      create function refuse_batch_400() returns trigger language plpgsql as $$
      begin
        if new.email = 'batch.400@example.ng' then raise exception 'the database refused this customer'; end if;
        return new;
      end $$`);
    await getDb().execute(sql`create trigger refuse_batch_400 before insert on users for each row execute function refuse_batch_400()`);
    const before = await countOf(users);

    const { runId } = await dryRun("customers", csv);
    const log = watchLog();
    expect(await importRun(runId)).toMatchObject({
      status: "stopped",
      processed: 250,
      created: 250,
      error: "the database refused this customer",
    });
    log.expectLogged("import batch failed", { level: "error", runId, reason: "the database refused this customer" });
    expect(await countOf(users)).toBe(before + 250);
    const [stopped] = await getDb().select().from(auditLog).where(eq(auditLog.action, "migration.stopped"));
    expect(stopped?.resourceId).toBe(String(runId));
    expect(await migrationReportCsv(runId)).toContain("252,batch.251@example.ng,Not imported");

    await getDb().execute(sql`drop trigger refuse_batch_400 on users`);
    const again = await dryRun("customers", csv);
    expect(again.planned).toEqual({ create: 350, update: 0, unchanged: 250, refuse: 0 });
    expect(await importRun(again.runId)).toMatchObject({ status: "done", created: 350, unchanged: 250 });
    expect(await countOf(users)).toBe(before + 600);
  });
});
