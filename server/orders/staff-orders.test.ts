import { orFail } from "../../tests/support/results";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ZOrderFilters } from "@domain/orders/order-filters-input";
import { formatOrderNumber } from "@domain/orders/order-status";
import type { TViewer } from "@domain/access/roles";
import { parseThen } from "@domain/errors/app-error";
import { makeUser, placeSeededOrder } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { auditLog } from "../audit/schema";
import { getDb } from "../db/client";
import { outbox } from "../messaging/schema";
import { confirmOfflinePayment } from "../payments/confirm-offline-payment";
import { paymentAttempts } from "../payments/schema";
import { getOrder } from "./get-order";
import { exportOrdersCsv } from "./export-orders-csv";
import { listOrders } from "./list-orders";
import { orders } from "./schema";
import { getStoreFigures } from "./store-figures";
import { updateOrderStatus as moveOrder, ZOrderStatusChange } from "./update-order-status";

useTestDatabase();

let staff: TViewer;
let customer: TViewer;
beforeAll(async () => {
  staff = await makeUser("staff", "Tunde Bakare");
  customer = await makeUser("customer", "Chidinma Eze");
});

const filters = (over: Record<string, string> = {}) => ZOrderFilters.parse(over);
const mailTo = async (email: string) =>
  (await getDb().select().from(outbox).where(eq(outbox.recipient, email)).orderBy(outbox.id)).map((m) => m.subject);

describe("listOrders", () => {
  it("filters by status, payment method, search and Lagos dates", async () => {
    const buyer = await makeUser("customer", "Ngozi Okafor Listtest");
    const transfer = await placeSeededOrder(buyer);
    const cash = await placeSeededOrder(buyer, { paymentMethod: "pay_on_delivery" });
    await confirmOfflinePayment({ staff, orderId: transfer.id, reference: `FBN-${transfer.number}` }).then(orFail);

    const numbers = async (over: Record<string, string>) => (await listOrders(filters(over))).rows.map((r) => r.number);
    expect(await numbers({ q: "Okafor Listtest" })).toEqual([cash.number, transfer.number]);
    expect(await numbers({ q: buyer.email.toUpperCase() })).toEqual([cash.number, transfer.number]);
    expect(await numbers({ q: formatOrderNumber(cash.number) })).toEqual([cash.number]);
    expect(await numbers({ q: String(transfer.number) })).toEqual([transfer.number]);
    expect(await numbers({ q: "Okafor Listtest", status: "paid" })).toEqual([transfer.number]);
    expect(await numbers({ q: "Okafor Listtest", method: "pay_on_delivery" })).toEqual([cash.number]);
    expect(await numbers({ q: "100%" })).toEqual([]);

    // 23:30 UTC on 1 Dec is 00:30 on 2 Dec in Lagos: the order belongs to 2 Dec. Both orders get a fixed instant, so
    // the day the suite runs on cannot fall on either date.
    await getDb()
      .update(orders)
      .set({ createdAt: new Date("2026-12-01T23:30:00Z") })
      .where(eq(orders.id, cash.id));
    await getDb()
      .update(orders)
      .set({ createdAt: new Date("2026-11-20T10:00:00Z") })
      .where(eq(orders.id, transfer.id));
    expect(await numbers({ q: "Okafor Listtest", from: "2026-12-02", to: "2026-12-02" })).toEqual([cash.number]);
    expect(await numbers({ q: "Okafor Listtest", from: "2026-12-01", to: "2026-12-01" })).toEqual([]);
    expect(await numbers({ q: "Okafor Listtest", from: "2026-11-20", to: "2026-12-01" })).toEqual([transfer.number]);
    // Nonsense in the address falls back to the defaults instead of failing.
    expect(filters({ status: "lost", method: "barter", from: "2026-02-30", page: "-3" })).toMatchObject({
      status: "all",
      method: "all",
      from: "",
      page: 1,
    });
  });

  it("sorts by total or age, and downloads every matching order as CSV in the same order", async () => {
    const buyer = await makeUser("customer", "Amaka Sorttest");
    const one = await placeSeededOrder(buyer);
    const three = await placeSeededOrder(buyer, { lines: [{ sku: "SOLAR-LIGHTING-KIT", quantity: 3 }] });
    const two = await placeSeededOrder(buyer, { lines: [{ sku: "SOLAR-LIGHTING-KIT", quantity: 2 }] });
    const numbers = async (sort: string) => (await listOrders(filters({ q: "Amaka Sorttest", sort }))).rows.map((r) => r.number);
    expect(await numbers("newest")).toEqual([two.number, three.number, one.number]);
    expect(await numbers("oldest")).toEqual([one.number, three.number, two.number]);
    expect(await numbers("total-high")).toEqual([three.number, two.number, one.number]);
    expect(await numbers("total-low")).toEqual([one.number, two.number, three.number]);
    expect(filters({ sort: "price; drop table orders" }).sort).toBe("newest");

    const { csv, rows } = await exportOrdersCsv(filters({ q: "Amaka Sorttest", sort: "total-high" }));
    expect(rows).toBe(3);
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Order,Placed (Lagos),Paid (Lagos),Status,Payment,Customer,E-mail,Phone,City,State,Subtotal (NGN),Discount (NGN),Delivery (NGN),VAT (NGN),Total (NGN)",
    );
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual([three, two, one].map((o) => formatOrderNumber(o.number)));
    const [threeRow] = lines.slice(1);
    const total = Number(threeRow!.split(",").at(-1));
    expect(total * 100).toBe(three.totalKobo);
    // A leading + would make a spreadsheet read the phone as a formula: the cell is defused.
    expect(threeRow).toContain(`,${buyer.email},'+2348031234567,Ibadan,Oyo,`);
  });

  it("pages through the list", async () => {
    const buyer = await makeUser("customer", "Pager Test");
    for (let i = 0; i < 21; i++) await placeSeededOrder(buyer);
    const first = await listOrders(filters({ q: "Pager Test" }));
    expect(first).toMatchObject({ total: 21, page: 1, pageCount: 2 });
    expect(first.rows).toHaveLength(20);
    const second = await listOrders(filters({ q: "Pager Test", page: "9" }));
    expect(second.page).toBe(2);
    expect(second.rows).toHaveLength(1);
  });
});

// The staff order page's buttons, through the same schema and use case as its action.
const updateOrderStatus = (actor: TViewer, fields: Record<string, string>) =>
  parseThen(ZOrderStatusChange, fields, ["note"], (input) => moveOrder(actor, input));

describe("updateOrderStatus", () => {
  it("moves a paid order to processing, shipped and delivered, recording events, audit entries and e-mails", async () => {
    const order = await placeSeededOrder(customer);
    const label = formatOrderNumber(order.number);
    expect(await confirmOfflinePayment({ staff, orderId: order.id, reference: "GTB-TRF-0042" }).then(orFail)).toMatchObject({
      changed: true,
    });
    for (const to of ["processing", "shipped", "delivered"]) {
      expect(
        await updateOrderStatus(staff, { orderId: order.id, to, note: to === "shipped" ? "GIG Logistics waybill 55102" : "" }),
      ).toEqual({ ok: true, orderNumber: label, status: to });
    }
    const detail = (await getOrder(order.id))!;
    expect(detail.status).toBe("delivered");
    expect(detail.events.map((e) => [e.fromStatus, e.toStatus, e.actorLabel])).toEqual([
      [null, "pending_payment", "Customer"],
      ["pending_payment", "paid", "Tunde Bakare"],
      ["paid", "processing", "Tunde Bakare"],
      ["processing", "shipped", "Tunde Bakare"],
      ["shipped", "delivered", "Tunde Bakare"],
    ]);
    expect(detail.events[3]!.note).toBe("GIG Logistics waybill 55102");
    expect(detail.events.slice(1).every((e) => e.actorUserId === staff.id)).toBe(true);

    const audit = await getDb().select().from(auditLog).where(eq(auditLog.resourceId, order.id)).orderBy(auditLog.id);
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ["order.payment_confirmed", staff.id],
      ["order.processing", staff.id],
      ["order.shipped", staff.id],
      ["order.delivered", staff.id],
    ]);
    const [attempt] = await getDb().select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order.id));
    expect(attempt).toMatchObject({
      provider: "bank_transfer",
      reference: "GTB-TRF-0042",
      status: "succeeded",
      amountKobo: order.totalKobo,
    });

    const subjects = await mailTo(customer.email);
    expect(subjects.filter((s) => s.includes(label))).toEqual([
      `Order ${label} received: thank you, Chidinma Eze`,
      expect.stringMatching(new RegExp(`^Payment receipt: .* for Order ${label}$`)),
      `Order ${label}: is on its way`,
      `Order ${label}: has been delivered`,
    ]);
    const shipped = (
      await getDb()
        .select()
        .from(outbox)
        .where(eq(outbox.subject, `Order ${label}: is on its way`))
    )[0]!;
    expect(shipped.text).toContain("GIG Logistics waybill 55102");
  });

  it("refuses a move the state machine does not allow, and changes nothing", async () => {
    const order = await placeSeededOrder(customer);
    const before = { events: (await getOrder(order.id))!.events.length, mail: (await mailTo(customer.email)).length };
    const result = await updateOrderStatus(staff, { orderId: order.id, to: "shipped" });
    expect(result).toMatchObject({
      ok: false,
      error: { code: "conflict", message: `Order ${formatOrderNumber(order.number)} is awaiting payment and cannot be marked shipped.` },
    });
    // Bank transfer may not skip payment (only pay on delivery may).
    expect(await updateOrderStatus(staff, { orderId: order.id, to: "processing" })).toMatchObject({ ok: false });
    const after = await getOrder(order.id);
    expect(after!.status).toBe("pending_payment");
    expect({ events: after!.events.length, mail: (await mailTo(customer.email)).length }).toEqual(before);
  });

  it("lets pay on delivery go to processing unpaid; cancelling a pending order tells the customer and frees the stock", async () => {
    const cash = await placeSeededOrder(customer, { paymentMethod: "pay_on_delivery" });
    expect(await updateOrderStatus(staff, { orderId: cash.id, to: "processing" })).toMatchObject({ ok: true, status: "processing" });
    const pending = await placeSeededOrder(customer);
    expect(
      await updateOrderStatus(staff, { orderId: pending.id, to: "cancelled", note: "Customer asked to cancel by phone" }),
    ).toMatchObject({ ok: true, status: "cancelled" });
    const [cancelMail] = await getDb()
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `Order ${formatOrderNumber(pending.number)}: has been cancelled`));
    expect(cancelMail!.text).toContain("Customer asked to cancel by phone");
    const reservations = await getDb().execute(sql`select status from stock_reservations where order_id = ${pending.id}`);
    expect((reservations as unknown as { rows: { status: string }[] }).rows.map((r) => r.status)).toEqual(["released"]);
  });

  it("refuses customers, unknown orders and statuses outside the staff buttons", async () => {
    const order = await placeSeededOrder(customer);
    expect(await updateOrderStatus(customer, { orderId: order.id, to: "cancelled" })).toMatchObject({
      ok: false,
      error: { code: "forbidden", message: "Only staff can change orders." },
    });
    expect(await updateOrderStatus(staff, { orderId: "00000000-0000-4000-8000-000000000000", to: "cancelled" })).toMatchObject({
      ok: false,
      error: { code: "not_found", message: "Order not found." },
    });
    expect(await updateOrderStatus(staff, { orderId: "not-a-uuid", to: "cancelled" })).toMatchObject({
      ok: false,
      error: { code: "invalid_input", message: "Unknown order" },
    });
    expect(await updateOrderStatus(staff, { orderId: order.id, to: "refunded" })).toMatchObject({
      ok: false,
      error: { code: "invalid_input", message: "Unknown status" },
    });
    expect((await getOrder(order.id))!.status).toBe("pending_payment");
  });
});

describe("getStoreFigures", () => {
  it("counts today's orders, this month's revenue from paid orders and those awaiting payment", async () => {
    const before = await getStoreFigures();
    const a = await placeSeededOrder(customer);
    await placeSeededOrder(customer);
    await confirmOfflinePayment({ staff, orderId: a.id, reference: `ACC-${a.number}` }).then(orFail);
    const after = await getStoreFigures();
    expect(after.ordersToday - before.ordersToday).toBe(2);
    expect(after.awaitingPayment - before.awaitingPayment).toBe(1);
    expect(after.revenueThisMonthKobo - before.revenueThisMonthKobo).toBe(a.totalKobo);
  });
});
