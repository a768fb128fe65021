import { z } from "zod";
import { formatOrderNumber, ORDER_STATUS_KEYS } from "@domain/orders/order-status";
import { parseOrderNumber } from "@domain/orders/order-filters";
import { refuse } from "@domain/errors/app-error";
import { getCustomerOrderByNumber, listCustomerOrdersAfter } from "../../orders/list-customer-orders";
import type { TOrderDetail } from "../../orders/get-order";
import { renderReceiptPdf } from "../../orders/render-receipt-pdf";
import { findSucceededPayment } from "../../payments/find-succeeded-payment";
import { keysetAnswer, ZPageOf, ZPageQuery } from "./api-paging";
import { pdfAnswer, pdfDownload, userOperation, type TApiOperation } from "./api-operation";

// The signed-in person's orders (docs/product/api-gateway.md#orders): the same orders as /client-dashboard, newest
// first, a page at a time; one by the number people read (ZV-100001). Another person's order is not found.

export const ZOrderLine = z.object({
  kind: z.string(),
  name: z.string(),
  variant: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  unitPriceKobo: z.number().int(),
  lineTotalKobo: z.number().int(),
});

export const ZOrderSummary = z
  .object({
    number: z.string().describe("ZV-100001"),
    status: z.enum(ORDER_STATUS_KEYS as [string, ...string[]]),
    paymentMethod: z.string(),
    placedAt: z.string(),
    paidAt: z.string().nullable(),
    subtotalKobo: z.number().int(),
    discountKobo: z.number().int(),
    shippingKobo: z.number().int(),
    vatKobo: z.number().int(),
    totalKobo: z.number().int(),
    currency: z.literal("NGN"),
    lines: z.array(ZOrderLine),
  })
  .meta({ id: "OrderSummary" });

const ZOrderPage = ZPageOf("OrderPage", ZOrderSummary);

const ZOrder = ZOrderSummary.extend({
  delivery: z.object({ method: z.string(), days: z.number().int(), address: z.string(), city: z.string(), state: z.string() }),
  timeline: z.array(z.object({ status: z.string(), at: z.string(), note: z.string().nullable() })),
}).meta({ id: "Order" });

type TOrderRow = Omit<TOrderDetail, "events">;

/** An order as the API lists it. */
export function orderSummary(o: TOrderRow) {
  return {
    number: `ZV-${o.number}`,
    status: o.status,
    paymentMethod: o.paymentMethod,
    placedAt: o.createdAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
    subtotalKobo: o.subtotalKobo,
    discountKobo: o.discountKobo,
    shippingKobo: o.shippingKobo,
    vatKobo: o.vatKobo,
    totalKobo: o.totalKobo,
    currency: "NGN" as const,
    lines: o.items.map((i) => ({
      kind: i.kind,
      name: i.productName,
      variant: i.variantName,
      sku: i.sku,
      quantity: i.quantity,
      unitPriceKobo: i.unitPriceKobo,
      lineTotalKobo: i.lineTotalKobo,
    })),
  };
}

export const ordersOperations: TApiOperation[] = [
  userOperation({
    method: "GET",
    path: "/orders",
    operationId: "listOrders",
    summary: "Your orders, newest first, a page at a time",
    tag: "Orders",
    query: ZPageQuery,
    success: { status: 200, schema: ZOrderPage, description: "A page of orders" },
    refusals: [],
    example: {},
    async handle({ caller, query }) {
      return keysetAnswer(
        query,
        (after, limit) => listCustomerOrdersAfter(caller.viewer.id, after, limit),
        (o) => o.number,
        orderSummary,
      );
    },
  }),
  userOperation({
    method: "GET",
    path: "/orders/{number}",
    operationId: "getOrder",
    summary: "One of your orders, with its delivery and timeline",
    tag: "Orders",
    success: { status: 200, schema: ZOrder, description: "The order" },
    refusals: [404],
    async handle({ caller, params }) {
      const number = parseOrderNumber(params.number ?? "");
      const order = number === null ? null : await getCustomerOrderByNumber(caller.viewer.id, number);
      if (!order) return refuse("not_found", "You have no order with that number.");
      return {
        status: 200,
        body: {
          ...orderSummary(order),
          delivery: {
            method: order.deliveryMethod,
            days: order.deliveryDays,
            address: order.addressLine,
            city: order.city,
            state: order.state,
          },
          timeline: order.events.map((e) => ({ status: e.toStatus, at: e.createdAt.toISOString(), note: e.note ?? null })),
        },
      };
    },
  }),
  userOperation({
    method: "GET",
    path: "/orders/{number}/receipt.pdf",
    operationId: "getOrderReceipt",
    summary: "The receipt of one of your paid orders, as the PDF the website offers (a download, not JSON)",
    tag: "Orders",
    success: pdfDownload("The receipt, a PDF"),
    refusals: [404],
    async handle({ caller, params }) {
      const number = parseOrderNumber(params.number ?? "");
      const order = number === null ? null : await getCustomerOrderByNumber(caller.viewer.id, number);
      if (!order) return refuse("not_found", "You have no order with that number.");
      if (!order.paidAt) return refuse("not_found", "This order has no receipt yet: it is not paid.");
      const payment = await findSucceededPayment(order.id);
      return pdfAnswer(await renderReceiptPdf(order, payment?.reference ?? null), `zavolah-receipt-${formatOrderNumber(order.number)}.pdf`);
    },
  }),
];
