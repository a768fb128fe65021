import { lineName } from "@domain/catalog/line-name";
import { raiseAlert } from "../alerts/raise-alert";
import type { DbOrTx } from "../db/client";

/** One open alert per variant while its sellable stock is under the product's threshold. */
export async function raiseLowStockAlert(
  tx: DbOrTx,
  v: { id: number; onHand: number; othersHold?: number; threshold: number; name: string; variant: string },
) {
  const available = v.onHand - Number(v.othersHold ?? 0);
  if (available >= v.threshold) return;
  const label = lineName({ productName: v.name, variantName: v.variant });
  await raiseAlert(tx, {
    type: "low_stock",
    title: available <= 0 ? `Out of stock: ${label}` : `Low stock: ${label}`,
    message: `${label} has ${Math.max(available, 0)} left to sell (threshold ${v.threshold}). Reorder from the supplier.`,
    severity: available <= 0 ? "high" : "medium",
    dedupeKey: `low-stock:${v.id}`,
  });
}
