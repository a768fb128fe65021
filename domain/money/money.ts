const naira = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" });

/** Money is integer kobo everywhere; this is the one place it becomes naira text. */
export function formatKobo(kobo: number): string {
  return naira.format(kobo / 100);
}

const nairaCode = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN", currencyDisplay: "code" });

/** "NGN 4,850,000.00": for documents whose fonts have no naira sign (PDF standard fonts). */
export function formatKoboAsCode(kobo: number): string {
  return nairaCode.format(kobo / 100).replace(/\u00a0/g, " ");
}
