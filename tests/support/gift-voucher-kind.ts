import { refuse, succeed } from "@domain/errors/app-error";
import { cartLineOf, type TCartOffer, type TPurchasableKind } from "../../server/orders/purchasable-kind";
import { findPurchasableKind, registerPurchasableKind } from "../../server/orders/purchasable-kinds";

// A kind nobody wrote the cart, checkout or orders for (docs/decisions/0013-one-cart-many-kinds.md): a gift voucher,
// made up for the tests that prove a kind needs nothing but its own module and one registration.

/** What the made-up kind was asked to do, by order id. */
export const fulfilled: string[] = [];
export const undone: string[] = [];
/** Vouchers still for sale, by reference, with their price. */
const vouchers = new Map([
  ["voucher-50k", 5_000_000],
  ["voucher-retired", 2_000_000],
]);
const forSale = new Set(["voucher-50k"]);

export const giftVoucher: TPurchasableKind = {
  kind: "gift_voucher",
  channel: "store",
  identity: ["itemRef"],
  payOnDeliveryRefusal: "Gift vouchers are paid before they are sent.",
  // Put in a cart through /cart/add and /cart/update like a product: voucher=voucher-50k.
  cartForm: { field: "voucher", noun: "gift voucher" },
  async describe(_db, rows) {
    return new Map(
      rows.map((row) => [
        row.id,
        cartLineOf(row, {
          key: `gift_voucher-${row.itemRef}`,
          href: "/store",
          productName: "Gift voucher",
          variantName: row.itemRef!,
          sku: `GIFT-${row.itemRef}`,
          image: null,
          unitPriceKobo: vouchers.get(row.itemRef!) ?? 0,
          maxQuantity: forSale.has(row.itemRef!) ? 5 : 0,
          available: forSale.has(row.itemRef!) ? 5 : 0,
        }),
      ]),
    );
  },
  async offer(_tx, line) {
    if (!forSale.has(line.itemRef ?? "")) return refuse("not_found", "That gift voucher is not sold any more.");
    return succeed<TCartOffer>({
      name: `Gift voucher ${line.itemRef}`,
      maxQuantity: 5,
      again: "sum",
      capped: (n) => `At most 5 gift vouchers of a kind; your cart has ${n}`,
    });
  },
  async buyableQuantity(_db, line) {
    return forSale.has(line.itemRef ?? "") ? 5 : 0;
  },
  async price(_tx, lines) {
    if (lines.some((l) => !forSale.has(l.itemRef ?? ""))) return refuse("conflict", "That gift voucher is not sold any more.");
    return succeed({
      lines: lines.map((l) => ({
        ...l,
        productName: "Gift voucher",
        variantName: l.itemRef!,
        sku: `GIFT-${l.itemRef}`,
        priceKobo: vouchers.get(l.itemRef!)!,
        taxable: false,
        ships: false,
        sellerId: null,
      })),
    });
  },
  async fulfil(_tx, order) {
    fulfilled.push(order.id);
  },
  async undo(_tx, order) {
    undone.push(order.id);
  },
  async categories(_db, lines) {
    return lines.map(() => "Gift vouchers");
  },
};

/** Registers the gift voucher beside the site's kinds (once per process: test files share a worker). */
export function registerGiftVoucher() {
  if (!findPurchasableKind(giftVoucher.kind)) registerPurchasableKind(giftVoucher);
}
