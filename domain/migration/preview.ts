import { COURSE_CATEGORIES, COURSE_LEVELS } from "../academy/academy";
import { PRODUCT_CATEGORIES } from "../catalog/catalog";
import { formatKobo } from "../money/money";
import { ORDER_STATUSES, PAYMENT_METHODS } from "../orders/order-status";
import { formatLagosDateTime } from "../time/lagos-time";
import type { TMigrationKind } from "./migration";
import type { TRecordData } from "./records";

// A record as the dry run shows it (docs/product/data-migration.md#dry-run): the values as they would be stored, in the
// words and formats people read elsewhere on the site (naira, Lagos time, our status names).

export const PREVIEW_COLUMNS: Record<TMigrationKind, string[]> = {
  customers: ["E-mail", "Name", "Phone", "Customer since"],
  products: ["SKU", "Name", "Category", "Price", "Stock", "On sale"],
  orders: ["Old number", "Customer", "Placed", "Status", "Lines", "Total"],
  courses: ["Title", "Web address", "Category", "Level", "Length", "Price"],
};

export function previewCells(kind: TMigrationKind, data: TRecordData[TMigrationKind]): string[] {
  switch (kind) {
    case "customers": {
      const c = data as TRecordData["customers"];
      return [c.email, c.name, c.phone ?? "—", c.since ? formatLagosDateTime(c.since) : "—"];
    }
    case "products": {
      const p = data as TRecordData["products"];
      return [
        p.sku,
        p.variant && p.variant !== "Standard" ? `${p.name} (${p.variant})` : p.name,
        PRODUCT_CATEGORIES[p.category],
        formatKobo(p.priceKobo),
        p.stock === null ? "—" : p.stock.toLocaleString("en-NG"),
        p.onSale === false ? "No" : "Yes",
      ];
    }
    case "orders": {
      const o = data as TRecordData["orders"];
      const items = o.lines.reduce((n, l) => n + l.quantity, 0);
      return [
        o.number,
        o.email,
        formatLagosDateTime(o.placedAt),
        `${ORDER_STATUSES[o.status]} · ${PAYMENT_METHODS[o.paymentMethod]}`,
        `${o.lines.length} line${o.lines.length === 1 ? "" : "s"}, ${items} item${items === 1 ? "" : "s"}`,
        formatKobo(o.totalKobo),
      ];
    }
    case "courses": {
      const c = data as TRecordData["courses"];
      return [
        c.title,
        `/academy/${c.slug}`,
        COURSE_CATEGORIES[c.category],
        COURSE_LEVELS[c.level],
        `${c.durationWeeks} week${c.durationWeeks === 1 ? "" : "s"}, ${c.hoursPerWeek} h a week`,
        c.priceKobo === 0 ? "Free" : formatKobo(c.priceKobo),
      ];
    }
  }
}
