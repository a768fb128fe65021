import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { BANK_ACCOUNT, COMPANY, OFFICES } from "@domain/company/company";
import { lineName } from "@domain/catalog/line-name";
import { formatKoboAsCode } from "@domain/money/money";
import { DELIVERY_METHODS, type TDeliveryMethod } from "@domain/orders/order-pricing";
import { formatOrderNumber, PAYMENT_METHODS, type TPaymentMethod } from "@domain/orders/order-status";
import { formatLagosDateTimeLong } from "@domain/time/lagos-time";
import { A4, GREEN, INK, MUTED } from "../pdf/pdf-style";
import type { TOrderDetail } from "./get-order";

/** A one-page A4 receipt for a paid order: who, what, how much, when, and the payment reference. */
export async function renderReceiptPdf(order: TOrderDetail, paymentReference: string | null): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Receipt ${formatOrderNumber(order.number)}`);
  pdf.setAuthor(COMPANY.legalName);
  const page = pdf.addPage(A4);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const { width, height } = page.getSize();
  const left = 50;
  const right = width - 50;
  let y = height - 60;

  const text = (value: string, x: number, size = 10, font = regular, color = INK) => page.drawText(value, { x, y, size, font, color });
  const textRight = (value: string, size = 10, font = regular) =>
    page.drawText(value, { x: right - font.widthOfTextAtSize(value, size), y, size, font, color: INK });
  const line = () => page.drawLine({ start: { x: left, y: y - 6 }, end: { x: right, y: y - 6 }, thickness: 0.5, color: MUTED });

  page.drawRectangle({ x: 0, y: height - 90, width, height: 90, color: GREEN });
  y = height - 50;
  text(COMPANY.name, left, 24, bold, rgb(1, 1, 1));
  y = height - 72;
  text("Powering Nigeria's Future", left, 10, regular, rgb(1, 1, 1));
  y = height - 50;
  page.drawText("RECEIPT", { x: right - bold.widthOfTextAtSize("RECEIPT", 18), y, size: 18, font: bold, color: rgb(1, 1, 1) });

  y = height - 130;
  text(`Receipt for order ${formatOrderNumber(order.number)}`, left, 14, bold);
  y -= 20;
  text(`Paid: ${order.paidAt ? formatLagosDateTimeLong(order.paidAt) : "-"}`, left);
  y -= 14;
  text(
    `Payment: ${PAYMENT_METHODS[order.paymentMethod as TPaymentMethod]}${paymentReference ? `, reference ${paymentReference}` : ""}`,
    left,
  );
  y -= 14;
  text(`Customer: ${order.customerName}, ${order.email}, ${order.phone}`, left);
  y -= 14;
  text(`Deliver to: ${order.addressLine}, ${order.city}, ${order.state}`, left);
  y -= 14;
  text(`Delivery: ${DELIVERY_METHODS[order.deliveryMethod as TDeliveryMethod]} (${order.deliveryDays} days)`, left);

  y -= 34;
  text("Item", left, 10, bold);
  page.drawText("Qty", { x: 360, y, size: 10, font: bold, color: INK });
  textRight("Amount", 10, bold);
  line();
  for (const item of order.items) {
    y -= 22;
    const name = lineName(item);
    text(name.length > 55 ? `${name.slice(0, 54)}...` : name, left);
    page.drawText(String(item.quantity), { x: 360, y, size: 10, font: regular, color: INK });
    textRight(formatKoboAsCode(item.lineTotalKobo));
    line();
  }
  const rows: [string, number][] = [
    ["Subtotal", order.subtotalKobo],
    ...(order.discountKobo > 0 ? ([["Discount", -order.discountKobo]] as [string, number][]) : []),
    ["Delivery", order.shippingKobo],
    [`VAT (${order.vatRateBasisPoints / 100}%)`, order.vatKobo],
  ];
  y -= 10;
  for (const [label, kobo] of rows) {
    y -= 18;
    page.drawText(label, { x: 360, y, size: 10, font: regular, color: INK });
    textRight(formatKoboAsCode(kobo));
  }
  y -= 24;
  page.drawText("Total paid", { x: 360, y, size: 12, font: bold, color: INK });
  textRight(formatKoboAsCode(order.totalKobo), 12, bold);

  y = 90;
  text(`${COMPANY.legalName} - ${OFFICES.map((o) => o.city).join(", ")} - ${COMPANY.phone} - ${COMPANY.email}`, left, 8, regular, MUTED);
  y -= 12;
  text(
    `Bank: ${BANK_ACCOUNT.bank}, ${BANK_ACCOUNT.accountName}, ${BANK_ACCOUNT.accountNumber}. Prices include VAT where shown.`,
    left,
    8,
    regular,
    MUTED,
  );
  return pdf.save();
}
