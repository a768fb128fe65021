const naira = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" });

/** Money is integer kobo everywhere; this is the one place it becomes naira text. */
export function formatKobo(kobo: number): string {
  return naira.format(kobo / 100);
}
