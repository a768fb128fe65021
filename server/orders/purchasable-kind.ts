import type { TSalesChannel } from "@domain/analytics/sales";
import type { SQL } from "drizzle-orm";
import type { TCartLine, TCartLineKind, TLineTarget } from "@domain/cart/cart";
import type { TResult } from "@domain/errors/app-error";
import type { TPaymentMethod } from "@domain/orders/order-status";
import type { DbOrTx, Tx } from "../db/client";

// The contract every kind of purchase keeps (docs/decisions/0013-one-cart-many-kinds.md): the cart, checkout, order
// placement, payment, cancellation, refund, abandoned-cart restore and the sales figures ask a kind through these
// functions and never branch on it. The context that sells the kind implements it; purchasable-kinds.ts lists them.

/** A line as the cart, a saved cart and checkout hold it: what it buys and how many. */
export type TLine = TLineTarget & { kind: TCartLineKind; quantity: number };

/** A cart row: a line with its row id. */
export type TCartRow = TLine & { id: number };

/** A line priced at checkout, inside the order's transaction: what the order line copies. */
export type TPricedLine = TLine & {
  productName: string;
  variantName: string;
  sku: string;
  priceKobo: number;
  /** Whether VAT applies. */
  taxable: boolean;
  /** Whether it is delivered (pays delivery). */
  ships: boolean;
  /** The marketplace seller whose part of the order it joins; null for the house. */
  sellerId: string | null;
};

/** A cart line as it is described, before the cart names it to its forms. */
export type TDescribedLine = Omit<TCartLine, "formField">;

/**
 * What a buyer may put in their cart of one line now, as its kind says when the line is added or its quantity changed
 * (docs/decisions/0013-one-cart-many-kinds.md, "The cart"). A line that cannot be bought at all is refused instead.
 */
export type TCartOffer = {
  /** The line as the buyer's messages name it: "Solar Home Lighting Kit (4 bulbs)", "a ₦5,000 ZavCharge top-up". */
  name: string;
  /** The most the cart may hold of it now (0: none left). */
  maxQuantity: number;
  /**
   * What adding it again does: "sum" adds to the line's quantity (capped), "replace" writes the new line over the old
   * one (a new amount or plan), or the refusal is said (a course seat, a design: bought once).
   */
  again: "sum" | "replace" | { refusal: string };
  /** Said when the quantity asked for is more than maxQuantity, with what the cart then holds. */
  capped(inCart: number): string;
  /** The line as it is written, when the kind corrects what was asked (an amount rounded to the tier's rules). */
  target?: Partial<TLineTarget>;
};

/** The order a hook acts on, locked by the caller. */
export type TOrderRef = { id: string; userId: string; number: number; paymentMethod: TPaymentMethod };

export interface TPurchasableKind {
  readonly kind: TCartLineKind;
  /** The sales channel its figures count under. */
  readonly channel: TSalesChannel;
  /** The target columns that name one line in a cart: adding the same thing again changes that line. */
  readonly identity: readonly (keyof TLineTarget)[];
  /** Why it cannot be paid on delivery, or null when it can. */
  readonly payOnDeliveryRefusal: string | null;
  /** Whether placing an order for it changes what public pages show (seats left), so the page cache renews. */
  readonly placingChangesPages?: boolean;
  /**
   * Whether an unpaid order holding it lapses by time alone: it holds no stock whose reservation runs out (a course
   * seat), so the order is cancelled once its payment method's hold since it was placed has passed.
   */
  readonly lapsesUnpaid?: boolean;
  /** Where the buyer finds what they bought, linked from the order's payment page, when it is not the order itself. */
  readonly boughtAt?: { readonly to: string; readonly label: string };
  /**
   * The field naming a line of this kind to /cart/add and /cart/update ("variantId"), and the word for what it names
   * in messages ("product"). Absent: only the kind's own page puts it in a cart (a top-up, an investment), and the cart
   * page names its lines by the generic "line" field.
   */
  readonly cartForm?: { readonly field: string; readonly noun: string };
  /**
   * Its unit price for the floating panel's quick total, as SQL over a cart_items row, run for every signed-in page;
   * absent: the line's amount_kobo (a price the buyer chose).
   */
  cartUnitPrice?(): SQL;

  /** The cart page: each row as the buyer sees it now, by row id; a row no longer sold is left out. */
  describe(db: DbOrTx, rows: TCartRow[]): Promise<Map<number, TDescribedLine>>;
  /** Add to cart and set quantity, in the cart's transaction: whether this person may hold the line now, and on what terms. */
  offer(tx: Tx, line: TLine, buyer: { userId: string | null }): Promise<TResult<TCartOffer>>;
  /** How many of this line the person may hold in their cart now (0: it cannot be bought); merge and restore ask it. */
  buyableQuantity(db: DbOrTx, line: TLine, userId: string): Promise<number>;
  /** Checkout, in the order's transaction: checks again that each line can be bought (locking what it must) and prices it. */
  price(tx: Tx, lines: TLine[], buyer: { userId: string }): Promise<TResult<{ lines: TPricedLine[] }>>;
  /** Holds what the unpaid order needs (stock) until its payment method's window ends. */
  hold?(tx: Tx, order: { id: string; userId: string }, lines: TPricedLine[], until: Date): Promise<TResult>;
  /** On verified payment, once, in the transaction that moves the order to paid, before the move (seats, credit). */
  fulfil?(tx: Tx, order: TOrderRef): Promise<void>;
  /** On verified payment, after the move (the parts are paid): what needs the paid parts. */
  afterPaid?(tx: Tx, order: TOrderRef): Promise<void>;
  /** When the order is paid or confirmed for payment on delivery: takes its goods off the shelf. */
  confirm?(tx: DbOrTx, order: TOrderRef): Promise<void>;
  /** When an unpaid order is cancelled: gives back what it held. */
  release?(tx: DbOrTx, order: TOrderRef): Promise<void>;
  /**
   * Why the order (or these parts of it) cannot be refunded now, or null: asked before a refund is claimed, so the
   * money is never sent back for something that cannot be undone (an investment that has paid distributions).
   */
  refundRefusal?(tx: Tx, order: { id: string }, partIds?: number[]): Promise<string | null>;
  /** When the order, or some sellers' parts of it, are refunded: undoes the fulfilment. */
  undo?(tx: DbOrTx, order: TOrderRef, refundedPartIds: number[]): Promise<void>;
  /** The sales figures' category of each line (null: "Other"). */
  categories(db: DbOrTx, lines: TLine[]): Promise<(string | null)[]>;
}

type TCartLineDefaults =
  "kind" | "quantity" | "sellerId" | "sellerName" | "ships" | "taxable" | "fixedQuantityNote" | "pricePrefix" | "closedNote";

/** A cart line from its row and what the kind says of it; unsaid fields take the usual values (the house's, not shipped, taxed). */
export function cartLineOf(
  row: TCartRow,
  fields: Omit<TDescribedLine, TCartLineDefaults | keyof TLineTarget> & Partial<Pick<TDescribedLine, TCartLineDefaults>>,
): TDescribedLine {
  const { id: _id, ...line } = row;
  return {
    ...line,
    sellerId: null,
    sellerName: null,
    ships: false,
    taxable: true,
    fixedQuantityNote: null,
    pricePrefix: "",
    closedNote: null,
    ...fields,
  };
}
