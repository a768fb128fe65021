import type { TViewer } from "~/lib/roles";

// Placeholder written with the back office so the staff order page's Refund button has an action to call;
// the payments work replaces it at merge with refunds through the provider's API.

export type TRefundResult = { ok: true; orderNumber: string } | { ok: false; message: string };

export async function refundOrderPayment(_actor: TViewer, _input: Record<string, string | undefined>): Promise<TRefundResult> {
  return { ok: false, message: "Refunds arrive with the payments integration. Nothing was changed." };
}
