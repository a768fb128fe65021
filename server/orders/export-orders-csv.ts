import { ORDERS_EXPORT_MAX_ROWS } from "@domain/orders/order-filters";
import { type TOrderFilters } from "@domain/orders/order-filters-input";
import { formatOrderNumber, ORDER_STATUSES, PAYMENT_METHODS, type TOrderStatus, type TPaymentMethod } from "@domain/orders/order-status";
import { csvDocument, csvLine } from "@domain/files/csv";
import { koboAsNairaDecimal } from "@domain/money/money";
import { formatLagosTimestamp } from "@domain/time/lagos-time";
import { getDb } from "../db/client";
import { ordersMatching, ORDERS_SORTED_BY } from "./list-orders";
import { orders as o } from "./schema";

/**
 * The orders the staff list's filters match, every page of them, as CSV in the list's order (at most
 * ORDERS_EXPORT_MAX_ROWS): amounts as naira numbers a spreadsheet sums, times in Lagos (docs/product/store-and-orders.md#order-pages).
 */
export async function exportOrdersCsv(filters: TOrderFilters): Promise<{ csv: string; rows: number }> {
  const rows = await getDb()
    .select({
      number: o.number,
      createdAt: o.createdAt,
      paidAt: o.paidAt,
      status: o.status,
      paymentMethod: o.paymentMethod,
      customerName: o.customerName,
      email: o.email,
      phone: o.phone,
      city: o.city,
      state: o.state,
      subtotalKobo: o.subtotalKobo,
      discountKobo: o.discountKobo,
      shippingKobo: o.shippingKobo,
      vatKobo: o.vatKobo,
      totalKobo: o.totalKobo,
    })
    .from(o)
    .where(ordersMatching(filters))
    .orderBy(...ORDERS_SORTED_BY[filters.sort])
    .limit(ORDERS_EXPORT_MAX_ROWS);
  const lines = [
    csvLine([
      "Order",
      "Placed (Lagos)",
      "Paid (Lagos)",
      "Status",
      "Payment",
      "Customer",
      "E-mail",
      "Phone",
      "City",
      "State",
      "Subtotal (NGN)",
      "Discount (NGN)",
      "Delivery (NGN)",
      "VAT (NGN)",
      "Total (NGN)",
    ]),
  ];
  for (const r of rows)
    lines.push(
      csvLine([
        formatOrderNumber(r.number),
        formatLagosTimestamp(r.createdAt),
        r.paidAt ? formatLagosTimestamp(r.paidAt) : "",
        ORDER_STATUSES[r.status as TOrderStatus] ?? r.status,
        PAYMENT_METHODS[r.paymentMethod as TPaymentMethod] ?? r.paymentMethod,
        r.customerName,
        r.email,
        r.phone,
        r.city,
        r.state,
        koboAsNairaDecimal(r.subtotalKobo),
        koboAsNairaDecimal(r.discountKobo),
        koboAsNairaDecimal(r.shippingKobo),
        koboAsNairaDecimal(r.vatKobo),
        koboAsNairaDecimal(r.totalKobo),
      ]),
    );
  return { csv: csvDocument(lines), rows: rows.length };
}
