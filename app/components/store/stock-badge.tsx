import { stockLabel } from "@domain/catalog/catalog";

const TONE = {
  ok: "text-brand",
  low: "text-accent",
  out: "text-muted",
} as const;

const DOT = {
  ok: "bg-brand",
  low: "bg-accent",
  out: "bg-muted",
} as const;

/** "In stock", "Only 3 left" or "Out of stock", with a coloured dot (the words carry the meaning). */
export function StockBadge({ available, className = "" }: { available: number; className?: string }) {
  const label = stockLabel(available);
  return (
    <span className={`inline-flex items-center gap-1.5 text-sm font-semibold ${TONE[label.tone]} ${className}`}>
      <span aria-hidden className={`h-2 w-2 rounded-full ${DOT[label.tone]}`} />
      {label.text}
    </span>
  );
}
