// What charging costs (docs/product/zavcharge.md#charging-sessions): energy in Wh times the station's price per kWh.
import { formatKobo } from "../money/money";

/** Cost of a session: energy (Wh) × price per kWh, rounded down to the kobo. */
export function sessionCostKobo(energyWh: number, pricePerKwhKobo: number): number {
  return Math.floor((energyWh * pricePerKwhKobo) / 1000);
}

/** "₦250/kWh". */
export function formatPricePerKwh(kobo: number): string {
  return `${formatKobo(kobo)}/kWh`;
}
