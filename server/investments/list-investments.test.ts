import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { investmentReference } from "@domain/investments/investment-rules";
import { createTier, investThroughCheckout, makeInvestor } from "../../tests/support/investment-fixtures";
import { orFail } from "../../tests/support/results";
import { makeUser } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { getDb } from "../db/client";
import { transitionOrder } from "../orders/transition-order";
import { confirmOfflinePayment } from "../payments/confirm-offline-payment";
import { exportInvestmentsCsv, investmentFigures, listInvestments, parseInvestmentListFilters } from "./list-investments";
import { investments } from "./schema";

// The admins' investments register (docs/product/investments.md): search, status filter, figures and the CSV.

useTestDatabase();

const all = { q: null, status: null, page: 1 } as const;

let chiamaka: { id: string; email: string; reference: string; placedAt: Date };
let bola: { id: string; email: string };
let noteTier: string;
let shortTier: string;

beforeAll(async () => {
  const admin = await makeUser("admin", "Kemi Adeyemi");
  const staff = await makeUser("staff", "Funmilayo Adebayo");
  noteTier = `Solar Note ${Math.random().toString(36).slice(2, 6)}`;
  shortTier = `ZavCharge Bridge ${Math.random().toString(36).slice(2, 6)}`;
  const noteId = await createTier(admin, { name: noteTier });
  const shortId = await createTier(admin, { name: shortTier, tenorMonths: "2", lockupMonths: "0", distributionFrequency: "monthly" });

  // Chiamaka: ₦250,000 in the 12-month note, paid. Bola: ₦100,000 in the 2-month tier, paid (matures within 90 days).
  const ada = await makeInvestor("Chiamaka Eze");
  const paid = orFail(await investThroughCheckout(ada, noteId, 25_000_000));
  orFail(await confirmOfflinePayment({ orderId: paid.order.id, reference: "GTB/TRF/1001", staff }));
  const b = await makeInvestor("Bola Ahmed");
  const short = orFail(await investThroughCheckout(b, shortId, 10_000_000));
  orFail(await confirmOfflinePayment({ orderId: short.order.id, reference: "GTB/TRF/1002", staff }));
  // Musa: ₦60,000 in the note, never paid and cancelled: not counted.
  const musa = await makeInvestor("Musa Bello");
  const unpaid = orFail(await investThroughCheckout(musa, noteId, 6_000_000));
  await getDb().transaction((tx) =>
    transitionOrder(tx, { orderId: unpaid.order.id, to: "cancelled", actorLabel: "System", note: "Payment window ended" }),
  );

  const [row] = await getDb().select().from(investments).where(eq(investments.userId, ada.id));
  chiamaka = { id: ada.id, email: ada.email, reference: investmentReference(row!.id, row!.placedAt), placedAt: row!.placedAt };
  bola = { id: b.id, email: b.email };
});

describe("the investments register", () => {
  it("lists every investment newest first, with who holds it and its tier", async () => {
    const list = await listInvestments(all);
    expect(list.total).toBe(3);
    expect(list.rows.map((r) => r.name)).toEqual(["Musa Bello", "Bola Ahmed", "Chiamaka Eze"]);
    expect(list.rows[2]).toMatchObject({
      reference: chiamaka.reference,
      email: chiamaka.email,
      tierName: noteTier,
      principalKobo: 25_000_000,
      status: "active",
    });
    expect(list.rows[2]!.orderNumber).toMatch(/\d/);
    expect(list.rows[2]!.maturesAt).toBeInstanceOf(Date);
  });

  it("finds by legal name, e-mail or the exact reference", async () => {
    expect((await listInvestments({ ...all, q: "chiamaka" })).rows.map((r) => r.name)).toEqual(["Chiamaka Eze"]);
    expect((await listInvestments({ ...all, q: bola.email.toUpperCase() })).rows.map((r) => r.name)).toEqual(["Bola Ahmed"]);
    const byRef = await listInvestments({ ...all, q: chiamaka.reference });
    expect(byRef.rows.map((r) => r.reference)).toEqual([chiamaka.reference]);
    // The right id with the wrong year is not that investment's reference.
    const year = Number(chiamaka.reference.slice(5, 9));
    const wrongYear = chiamaka.reference.replace(`-${year}-`, `-${year - 1}-`);
    expect((await listInvestments({ ...all, q: wrongYear })).total).toBe(0);
    // A "%" typed is a literal character, not a wildcard.
    expect((await listInvestments({ ...all, q: "%" })).total).toBe(0);
  });

  it("filters by status, and reads unknown filters from the address as none", async () => {
    expect((await listInvestments({ ...all, status: "active" })).rows.map((r) => r.name).sort()).toEqual(["Bola Ahmed", "Chiamaka Eze"]);
    expect((await listInvestments({ ...all, status: "cancelled" })).rows.map((r) => r.name)).toEqual(["Musa Bello"]);
    expect((await listInvestments({ ...all, status: "matured" })).total).toBe(0);
    expect(parseInvestmentListFilters(new URLSearchParams("q=%20Bola%20&status=all&page=x"))).toEqual({ q: "Bola", status: null, page: 1 });
    expect(parseInvestmentListFilters(new URLSearchParams("status=active&page=2"))).toEqual({ q: null, status: "active", page: 2 });
  });

  it("sums what was raised without the cancelled investment, per tier and in all, and lists maturities ahead", async () => {
    const figures = await investmentFigures();
    expect(figures).toMatchObject({ raisedKobo: 35_000_000, activeKobo: 35_000_000, investors: 2 });
    expect(figures.tiers.find((t) => t.name === noteTier)).toMatchObject({ raisedKobo: 25_000_000, activeKobo: 25_000_000, investors: 1 });
    expect(figures.tiers.find((t) => t.name === shortTier)).toMatchObject({ raisedKobo: 10_000_000, activeKobo: 10_000_000, investors: 1 });
    // Only the 2-month investment matures within 90 days.
    expect(figures.maturing).toHaveLength(1);
    expect(figures.maturing[0]).toMatchObject({ name: "Bola Ahmed", tierName: shortTier, principalKobo: 10_000_000 });
  });

  it("exports the filtered register as CSV, naira as plain decimals", async () => {
    const { csv, rows } = await exportInvestmentsCsv({ q: "Chiamaka", status: null });
    expect(rows).toBe(1);
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Reference,Investor,Email,Tier,Principal (NGN),Status,Placed (Lagos),Started (Lagos),Matures (Lagos),Order");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${chiamaka.reference},Chiamaka Eze,${chiamaka.email},${noteTier},250000.00,Active,`);
    expect((await exportInvestmentsCsv({ q: null, status: "cancelled" })).csv).toContain("Musa Bello");
    expect((await exportInvestmentsCsv({ q: null, status: null })).rows).toBe(3);
  });
});
