import { ShoppingBag } from "lucide-react";
import { data } from "react-router";
import type { Route } from "./+types/restore";
import { restoredCartMessage } from "@domain/cart/abandoned-carts";
import { cardClass } from "~/components/ui/styles";
import { LinkButtons, type TLinkButton } from "~/components/ui/link-buttons";
import { requireUser } from "~/http/access.server";
import { redirectWithFlash } from "~/http/form.server";
import { metaFor } from "~/lib/meta";
import { restoreAbandonedCart } from "@server/cart/restore-abandoned-cart";

export const meta: Route.MetaFunction = (args) => metaFor("/cart/restore/:token", args);

// The link in a cart reminder (docs/product/store-and-orders.md#abandoned-carts). Opening it is the request to
// restore: the route table has already asked a signed-out visitor to sign in and brings them back here.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const result = await restoreAbandonedCart(params.token, viewer.id);
  if (result.ok) return redirectWithFlash("/cart", restoredCartMessage(result));
  return data({ message: result.error.message, otherAccount: result.error.code === "forbidden" }, { status: result.error.status });
}

/** Where to go when the cart could not be restored. */
const RESTORE_REFUSED_LINKS: readonly TLinkButton[] = [
  { to: "/cart", label: "Open your cart", look: "primary" },
  { to: "/store", label: "Browse the store", look: "outline" },
];

export default function RestoreCart({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <div className={`${cardClass} text-center`} data-testid="restore-refused">
        <ShoppingBag className="mx-auto h-10 w-10 text-muted" aria-hidden />
        <h1 className="mt-3 text-2xl font-bold">{loaderData.message}</h1>
        <p className="mt-2 text-muted">
          {loaderData.otherAccount
            ? "Your own cart is unchanged."
            : "The link may be incomplete: some e-mail apps cut long links. Your cart and the store are still here."}
        </p>
        <LinkButtons className="mt-6 flex flex-wrap justify-center gap-3" links={RESTORE_REFUSED_LINKS} />
      </div>
    </section>
  );
}
