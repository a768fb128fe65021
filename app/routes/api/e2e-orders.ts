import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/e2e-orders";
import { PAYMENT_METHOD_KEYS, type TPaymentMethod } from "~/lib/order-status";
import { requireUser } from "@server/auth/guard";
import { readForm } from "@server/http/form-request";
import { placeE2eOrder } from "@server/payments/place-e2e-order";

// POST /api/e2e/orders: 404 unless E2E_FIXTURES=1 (browser tests place an order without cart and checkout).

const ZFixture = z.object({ paymentMethod: z.enum(PAYMENT_METHOD_KEYS as [TPaymentMethod, ...TPaymentMethod[]]) });

export async function loader() {
  throw data(null, { status: 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context, request);
  const parsed = ZFixture.safeParse(await readForm(request));
  if (!parsed.success) throw data({ error: "paymentMethod?" }, { status: 400 });
  const order = await placeE2eOrder({ userId: viewer.id, email: viewer.email, name: viewer.name }, parsed.data.paymentMethod);
  if (!order) throw data(null, { status: 404 });
  return Response.json(order);
}
