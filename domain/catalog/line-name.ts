// What a cart or order line is called on pages, in messages, e-mails and the receipt. A product without
// options has one variant named "Standard", which is not shown (docs/product/store-and-orders.md).

/** "Lithium Battery (200Ah)", or just "Solar Panel" for a product without options. */
export function lineName(v: { productName: string; variantName: string }): string {
  return v.variantName && v.variantName !== "Standard" ? `${v.productName} (${v.variantName})` : v.productName;
}
