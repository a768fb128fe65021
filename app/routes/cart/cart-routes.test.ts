import { describe, expect, it } from "vitest";
// Renamed: in app/ the React hooks lint would take a use- name for a hook.
import { registerGiftVoucher } from "../../../tests/support/gift-voucher-kind";
import { throughRoute } from "../../../tests/support/route-requests";
import { createSession } from "../../../tests/support/sessions";
import { createCustomer } from "../../../tests/support/store-fixtures";
import { useTestDatabase as withTestDatabase } from "../../../tests/support/test-database";
import { readCart } from "@server/cart/read-cart";
import { cartMiddleware } from "~/http/cart-middleware.server";
import { action as add } from "./add";
import { action as update } from "./update";

// The cart's routes know no kind (docs/decisions/0013-one-cart-many-kinds.md, "The cart"): a kind made up for the
// test, registered beside the site's, is added, changed and removed through /cart/add and /cart/update as a product is.

withTestDatabase();
registerGiftVoucher();

async function post(handler: typeof add | typeof update, path: string, cookie: string, fields: Record<string, string>) {
  const request = new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body: new URLSearchParams({ ...fields, _js: "1" }),
    headers: { cookie, origin: "http://localhost:3000", "content-type": "application/x-www-form-urlencoded" },
  });
  const answer = await throughRoute(handler, request, { pattern: path, middleware: [cartMiddleware] });
  return answer as { status: number; body: { ok: boolean; message?: string; error?: { message: string }; cart?: { itemCount: number } } };
}

const vouchersIn = async (userId: string) =>
  (await readCart({ userId })).lines.filter((l) => l.kind === "gift_voucher").map((l) => [l.variantName, l.quantity]);

describe("a kind the cart routes were not written for", () => {
  it("is added, capped, changed and removed through /cart/add and /cart/update, by its own form field and by the cart page's", async () => {
    const buyer = await createCustomer("Halima Bello");
    const { cookie } = await createSession(buyer.userId);

    const added = await post(add, "/cart/add", cookie, { voucher: "voucher-50k", quantity: "2" });
    expect(added.body).toMatchObject({ ok: true, message: "Added 2 x Gift voucher voucher-50k to your cart", cart: { itemCount: 2 } });
    const again = await post(add, "/cart/add", cookie, { voucher: "voucher-50k", quantity: "4" });
    expect(again.body).toMatchObject({ ok: true, message: "At most 5 gift vouchers of a kind; your cart has 5" });
    expect(await vouchersIn(buyer.userId)).toEqual([["voucher-50k", 5]]);

    // The cart page names the line by the kind's field; the quantity form changes it.
    const [line] = (await readCart({ userId: buyer.userId })).lines.filter((l) => l.kind === "gift_voucher");
    expect(line?.formField).toEqual({ name: "voucher", value: "voucher-50k" });
    const set = await post(update, "/cart/update", cookie, { voucher: "voucher-50k", quantity: "3" });
    expect(set.body).toMatchObject({ ok: true, message: "Gift voucher voucher-50k: quantity set to 3", cart: { itemCount: 3 } });

    // What it does not sell, or a line named wrongly, is refused and changes nothing.
    const retired = await post(add, "/cart/add", cookie, { voucher: "voucher-retired" });
    expect(retired).toMatchObject({ status: 404, body: { ok: false, error: { message: "That gift voucher is not sold any more." } } });
    const forged = await post(add, "/cart/add", cookie, { voucher: "<script>" });
    expect(forged).toMatchObject({ status: 400, body: { ok: false, error: { message: "That gift voucher does not exist" } } });
    const unknown = await post(update, "/cart/update", cookie, { line: "no_such_kind:1", quantity: "2" });
    expect(unknown).toMatchObject({ status: 404, body: { ok: false, error: { message: "That item is not in your cart." } } });
    expect(await vouchersIn(buyer.userId)).toEqual([["voucher-50k", 3]]);

    // Removed by the generic line name, as any kind can be.
    const removed = await post(update, "/cart/update", cookie, { line: "gift_voucher:voucher-50k", intent: "remove" });
    expect(removed.body).toMatchObject({ ok: true, message: "Removed from your cart", cart: { itemCount: 0 } });
    expect(await vouchersIn(buyer.userId)).toEqual([]);
  });
});
