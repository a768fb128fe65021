import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payoutTransferStep } from "@domain/marketplace/payout-transfer";
import type { TPayoutStatus } from "@domain/marketplace/earnings";
import { transferWebhook, useFakePaystack } from "../../tests/support/fake-paystack";
import { watchLog } from "../../tests/support/log-lines";
import { useTestDatabase } from "../../tests/support/test-database";
import { env } from "../env";
import { handlePaymentWebhook } from "./handle-webhook";
import type { TPayee } from "./payee";
import { payeeOfReference, payoutQueues, registerPayee } from "./payees";
import { findTransferProvider } from "./providers/get-payment-provider";
import { sendBankTransfer } from "./send-bank-transfer";
import { verifyTransfer } from "./verify-transfer";

// Payees behind one interface (docs/decisions/0044-payees.md): a made-up payee, installation crews paid for the jobs
// they finished, is registered beside sellers, referrers and investors and paid through the real transfer path: the
// provider's transfer API (the local Paystack), its signed webhook, and the registry finding the payee by reference.

useTestDatabase();
const paystack = useFakePaystack({ PAYSTACK_TRANSFERS: true });
afterAll(() => Object.assign(env, { PAYSTACK_SECRET_KEY: undefined, PAYSTACK_TRANSFERS: false }));

/** What the crews are owed, job by job: a payee keeps its own rows (here in memory), and moves each once. */
const jobs = new Map<string, { crew: string; amountKobo: number; status: TPayoutStatus; paidWith: string | null; moves: number }>();
const installerPayee: TPayee = {
  payee: "installer",
  referencePrefix: "zavolah-installer-",
  async applyTransfer(reference, transfer) {
    const job = jobs.get(reference);
    if (!job) return null;
    const step = payoutTransferStep(job.status, job.amountKobo, transfer);
    if (step === "pay") Object.assign(job, { status: "paid", paidWith: transfer!.transferCode, moves: job.moves + 1 });
    if (step === "fail") Object.assign(job, { status: "failed", moves: job.moves + 1 });
    if (step === "requeue") Object.assign(job, { status: "requested", moves: job.moves + 1 });
    return job.status;
  },
};

beforeAll(() => registerPayee(installerPayee));

/** Sends a crew's pay for a job, as an admin's "Pay" would: claimed ("sending"), then through the provider. */
async function payCrew(reference: string, crew: string, accountNumber: string, amountKobo: number) {
  jobs.set(reference, { crew, amountKobo, status: "sending", paidWith: null, moves: 0 });
  const provider = findTransferProvider()!;
  return sendBankTransfer(provider, {
    paidMessage: "The money is in the crew's account.",
    recipientCode: null,
    saveRecipientCode: async () => {},
    account: { name: crew, accountNumber, bankCode: "058" },
    amountKobo,
    reference,
    reason: `Zavolah installation ${reference}`,
    apply: (transfer) => installerPayee.applyTransfer(reference, transfer, `${provider.label} transfer`),
  });
}

const deliver = async (reference: string) => {
  const webhook = await transferWebhook(paystack, reference);
  return handlePaymentWebhook("paystack", webhook.body, new Headers(webhook.headers));
};

describe("a payee registered beside the others", () => {
  it("is paid through the provider's transfer and its verified webhook, once however often the webhook comes", async () => {
    const reference = "zavolah-installer-000001";
    expect(await payCrew(reference, "Emeka Obi Installations", "0123456781", 18_500_000)).toMatchObject({ ok: true, status: "sending" });
    expect(payeeOfReference(reference)?.payee).toBe("installer");

    expect(await deliver(reference)).toMatchObject({ status: 200, body: { outcome: "transfer paid" } });
    expect(await deliver(reference)).toMatchObject({ status: 200, body: { outcome: "duplicate" } });
    // An admin's check later asks the provider again: still paid, not paid twice.
    expect(await verifyTransfer(installerPayee, reference, "admin check")).toBe("paid");
    expect(jobs.get(reference)).toMatchObject({ status: "paid", paidWith: expect.stringMatching(/^TRF_/), moves: 1 });
    expect(paystack.state.transfers.filter((t) => t.reference === reference)).toHaveLength(1);
  });

  it("hears a transfer the bank refused, and leaves other payees' transfers to them", async () => {
    const refused = "zavolah-installer-000002";
    await payCrew(refused, "Kano Solar Crew", "0123459999", 7_250_000);
    expect(await deliver(refused)).toMatchObject({ body: { outcome: "transfer failed" } });
    expect(jobs.get(refused)).toMatchObject({ status: "failed", moves: 1 });

    // A seller's reference goes to the sellers (who have no such payout here), never to this payee.
    expect(payeeOfReference("zavolah-payout-000002")?.payee).toBe("seller");
    expect(payeeOfReference("zavolah-referral-000002")?.payee).toBe("referrer");
    expect(payeeOfReference("zavolah-investment-share-000002-1")?.payee).toBe("investor");
    // A transfer someone sent by hand from the provider's dashboard: its webhook names a reference we never made.
    const log = watchLog();
    const byHand = "dashboard-transfer-lagos-01";
    expect(payeeOfReference(byHand)).toBeUndefined();
    const transfers = findTransferProvider()!.transfers;
    const recipientCode = await transfers.createRecipient({ name: "Bola Ahmed", accountNumber: "0123456781", bankCode: "058" });
    await transfers.send({ recipientCode, amountKobo: 100_000, reference: byHand, reason: "Office generator diesel" });
    expect(await deliver(byHand)).toMatchObject({ status: 200, body: { outcome: "ignored" } });
    log.expectLogged("transfer webhook for a reference we did not make", { reference: byHand });
  });

  it("is registered once, under a prefix of its own; the payouts page lists the payees that take requests", () => {
    expect(() => registerPayee(installerPayee)).toThrow(/registered already/);
    expect(() => registerPayee({ ...installerPayee, payee: "crew", referencePrefix: "zavolah-payout-" })).toThrow(/registered already/);
    expect(payoutQueues().map((q) => [q.payee, q.title])).toEqual([
      ["seller", "Marketplace sellers"],
      ["referrer", "Refer & Earn"],
    ]);
  });
});
