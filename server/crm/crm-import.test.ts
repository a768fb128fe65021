import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeUser } from "../../tests/support/store-fixtures";
import { watchLog } from "../../tests/support/log-lines";
import { useTestDatabase } from "../../tests/support/test-database";
import { auditLog } from "../audit/schema";
import { newsletterSubscribers } from "../content/schema";
import { getDb } from "../db/client";
import { expireCrmImportPreviews } from "./expire-crm-import-previews";
import { gatherCrmContacts } from "./gather-contacts";
import { getCrmContact } from "./get-contact";
import { getCrmImport, getCrmImportProgress } from "./get-crm-import";
import { prepareCrmImport } from "./prepare-crm-import";
import { runCrmImports } from "./run-crm-imports";
import { crmContacts, crmImports } from "./schema";
import { cancelCrmImport, startCrmImport } from "./start-crm-import";

useTestDatabase();

/** A list of `n` people as an old spreadsheet would export it, with `bad` broken addresses among them. */
function listOf(n: number, bad: number[] = []) {
  const lines = ["Name,Email,Phone,Tags"];
  for (let i = 1; i <= n; i++)
    lines.push(
      bad.includes(i)
        ? `Broken ${i},broken-${i}.example.ng,,`
        : `Customer ${i},person${i}@example.ng,0803${String(1_000_000 + i).slice(1)}0,"fair, lagos"`,
    );
  return `${lines.join("\r\n")}\r\n`;
}

const contactsCount = async () => (await getDb().select({ n: count() }).from(crmContacts))[0]!.n;
const importsCount = async () => (await getDb().select({ n: count() }).from(crmImports))[0]!.n;

describe("CRM import", () => {
  it("previews, then imports 497 of 500 rows in batches with the 3 bad ones reported, and a second run adds nobody", async () => {
    const staff = await makeUser("staff", "Bisi Adewale");
    const prepared = await prepareCrmImport(staff, {
      fileName: "fair-2026.csv",
      text: listOf(500, [17, 250, 499]),
      consent: false,
      tags: ["trade-fair"],
    });
    expect(prepared.ok).toBe(true);
    const id = prepared.ok ? prepared.importId : 0;
    const preview = (await getCrmImport(id))!;
    expect(preview).toMatchObject({ status: "ready", total: 497, failed: 3, existing: 0 });
    expect(preview.errors.map((e) => [e.line, e.reason])).toEqual([
      [18, "Invalid email format"],
      [251, "Invalid email format"],
      [500, "Invalid email format"],
    ]);
    expect(preview.preview).toHaveLength(10);
    expect(await contactsCount()).toBe(0);

    expect((await startCrmImport(staff, id)).ok).toBe(true);
    expect((await startCrmImport(staff, id)).ok).toBe(false);
    expect(await runCrmImports()).toBe(2); // 250 rows a batch
    expect(await getCrmImportProgress(id)).toEqual({
      status: "done",
      error: null,
      total: 497,
      processed: 497,
      created: 497,
      merged: 0,
      failed: 3,
      percent: 100,
    });
    expect(await contactsCount()).toBe(497);
    const [first] = await getDb().select().from(crmContacts).where(eq(crmContacts.email, "person1@example.ng"));
    expect(first).toMatchObject({ name: "Customer 1", phone: "+2348030000010", source: "import", status: "lead", consent: "unknown" });
    expect((await getCrmContact(first!.id))!.tags).toEqual(["fair", "lagos", "trade-fair"]);

    const again = await prepareCrmImport(staff, {
      fileName: "fair-2026.csv",
      text: listOf(500, [17, 250, 499]),
      consent: false,
      tags: ["trade-fair"],
    });
    const againId = again.ok ? again.importId : 0;
    expect((await getCrmImport(againId))!.existing).toBe(497);
    await startCrmImport(staff, againId);
    await runCrmImports();
    expect(await getCrmImportProgress(againId)).toMatchObject({ created: 0, merged: 497, percent: 100 });
    expect(await contactsCount()).toBe(497);
    expect((await getCrmContact(first!.id))!.tags).toEqual(["fair", "lagos", "trade-fair"]);
  });

  it("stops an import whose batch the database refuses, keeps the batches before it, and the same list again carries on", async () => {
    const staff = await makeUser("staff", "Kemi Balogun");
    const text = listOf(600).replaceAll("@example.ng", "@market.example.ng");
    const before = await contactsCount();
    // The database refuses the 400th person, in the second batch of 250.
    await getDb().execute(sql`
      create function refuse_import_400() returns trigger language plpgsql as $$
      begin
        if new.email = 'person400@market.example.ng' then raise exception 'the database refused this person'; end if;
        return new;
      end $$`);
    await getDb().execute(
      sql`create trigger refuse_import_400 before insert on crm_contacts for each row execute function refuse_import_400()`,
    );
    try {
      const prepared = await prepareCrmImport(staff, { fileName: "market-day.csv", text, consent: false, tags: [] });
      const id = prepared.ok ? prepared.importId : 0;
      await startCrmImport(staff, id);
      const log = watchLog();
      await runCrmImports();
      expect(await getCrmImportProgress(id)).toMatchObject({
        status: "stopped",
        processed: 250,
        created: 250,
        error: "the database refused this person",
      });
      log.expectLogged("import batch failed", { level: "error", runId: id, reason: "the database refused this person" });
      expect(await contactsCount()).toBe(before + 250);
      const [stopped] = await getDb().select().from(crmImports).where(eq(crmImports.id, id));
      expect(stopped?.rows).toEqual([]);
      const [audited] = await getDb().select().from(auditLog).where(eq(auditLog.action, "crm.import-stopped"));
      expect(audited?.resourceId).toBe(String(id));
    } finally {
      await getDb().execute(sql`drop trigger refuse_import_400 on crm_contacts`);
      await getDb().execute(sql`drop function refuse_import_400`);
    }
    const again = await prepareCrmImport(staff, { fileName: "market-day.csv", text, consent: false, tags: [] });
    const againId = again.ok ? again.importId : 0;
    await startCrmImport(staff, againId);
    await runCrmImports();
    expect(await getCrmImportProgress(againId)).toMatchObject({ status: "done", created: 350, merged: 250 });
    expect(await contactsCount()).toBe(before + 600);
  });

  it("merges into existing records without overwriting them, and never opts back in someone who opted out", async () => {
    const staff = await makeUser("staff", "Segun Ola");
    await getDb()
      .insert(newsletterSubscribers)
      .values({
        email: "ada@example.ng",
        name: "Ada Obi",
        status: "unsubscribed",
        confirmedAt: new Date(Date.now() - 9e6),
        unsubscribedAt: new Date(Date.now() - 8e6),
        unsubscribeTokenHash: "x1",
      });
    await gatherCrmContacts();
    const text = "email,name,phone\nADA@example.ng,Adaeze Obi,08051112222\nnew.person@example.ng,Uche Nnamdi,\n";
    const prepared = await prepareCrmImport(staff, { fileName: "church-list.csv", text, consent: true, tags: [] });
    await startCrmImport(staff, prepared.ok ? prepared.importId : 0);
    await runCrmImports();
    const [ada] = await getDb().select().from(crmContacts).where(eq(crmContacts.email, "ada@example.ng"));
    expect(ada).toMatchObject({ name: "Ada Obi", phone: "+2348051112222", consent: "withdrawn" });
    const [uche] = await getDb().select().from(crmContacts).where(eq(crmContacts.email, "new.person@example.ng"));
    expect(uche).toMatchObject({ consent: "granted", consentSource: "Import: church-list.csv" });
  });

  it("refuses a file it cannot read as a whole and keeps nothing", async () => {
    const staff = await makeUser("staff", "Tolu Ade");
    const before = await importsCount();
    for (const [text, message] of [
      ["PK\u0003\u0004\u0000binary", /not a CSV text file/],
      ["name,phone\nAda,0803\n", /one called Email/],
      ['email,name\n"ada@example.ng,Ada\n', /quotation mark is left open/],
      ["email,name\n", /no rows under its header/],
    ] as const) {
      const result = await prepareCrmImport(staff, { fileName: "bad.csv", text, consent: false, tags: [] });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.message).toMatch(message);
    }
    expect(await importsCount()).toBe(before);
  });

  it("cancels a prepared import, which then cannot start", async () => {
    const staff = await makeUser("staff", "Ifeanyi Eze");
    const before = await contactsCount();
    const prepared = await prepareCrmImport(staff, { fileName: "x.csv", text: listOf(3), consent: false, tags: [] });
    const id = prepared.ok ? prepared.importId : 0;
    expect((await cancelCrmImport(staff, id)).ok).toBe(true);
    expect((await startCrmImport(staff, id)).ok).toBe(false);
    await runCrmImports();
    expect(await contactsCount()).toBe(before);
  });

  it("drops a preview nobody imported after 7 days, and it can no longer start", async () => {
    const staff = await makeUser("staff", "Zainab Lawal");
    const prepared = await prepareCrmImport(staff, { fileName: "fair.csv", text: listOf(4), consent: false, tags: [] });
    const id = prepared.ok ? prepared.importId : 0;
    expect(await expireCrmImportPreviews(new Date(Date.now() + 6 * 86_400_000))).toBe(0);
    expect(await expireCrmImportPreviews(new Date(Date.now() + 7 * 86_400_000 + 60_000))).toBeGreaterThanOrEqual(1);
    const [row] = await getDb().select().from(crmImports).where(eq(crmImports.id, id));
    expect(row).toMatchObject({ status: "cancelled", rows: [] });
    expect((await startCrmImport(staff, id)).ok).toBe(false);
  });
});
