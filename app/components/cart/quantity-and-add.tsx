import { ShoppingCart } from "lucide-react";
import { buttonClass, inputClass } from "~/components/ui/styles";

type TProps = {
  /** The most one order may take now; no quantity box when null (a design: one copy). */
  max: number | null;
  soldOut: boolean;
  busy: boolean;
  /** The button's words when it can be pressed, and when nothing is left. */
  label: string;
  soldOutLabel: string;
  /** Renews the quantity box when the thing it counts changes (another variant). */
  resetKey?: string | number;
  className?: string;
};

/** The quantity box and add-to-cart button every catalogue page's form ends with (the store's and the marketplace's). */
export function QuantityAndAdd({ max, soldOut, busy, label, soldOutLabel, resetKey, className = "" }: TProps) {
  return (
    <div className={`flex flex-wrap items-end gap-3 ${className}`}>
      {max !== null ? (
        <div>
          <label htmlFor="quantity" className="mb-1 block text-sm font-medium">
            Quantity
          </label>
          <input
            id="quantity"
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(1, max)}
            defaultValue={1}
            key={resetKey}
            disabled={soldOut}
            className={`${inputClass} w-24`}
          />
        </div>
      ) : null}
      <button
        type="submit"
        disabled={soldOut || busy}
        className={`${buttonClass.accent} min-w-48 flex-1 ${max !== null ? "sm:flex-none" : ""}`}
      >
        <ShoppingCart className="h-4 w-4" aria-hidden />
        {soldOut ? soldOutLabel : busy ? "Adding..." : label}
      </button>
    </div>
  );
}
