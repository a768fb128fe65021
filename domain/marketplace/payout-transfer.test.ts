import { describe, expect, it } from "vitest";
import { payoutTransferStep } from "./payout-transfer";

describe("what the provider's word does to a payout", () => {
  const sent = (status: "success" | "failed" | "pending", amountKobo = 500_000) => ({ status, amountKobo });

  it("pays a payout on its way once, and never one already settled", () => {
    expect(payoutTransferStep("sending", 500_000, sent("success"))).toBe("pay");
    expect(payoutTransferStep("paid", 500_000, sent("success"))).toBe("none");
    expect(payoutTransferStep("declined", 500_000, sent("success"))).toBe("none");
  });

  it("fails a payout on its way, or one paid whose money came back", () => {
    expect(payoutTransferStep("sending", 500_000, sent("failed"))).toBe("fail");
    expect(payoutTransferStep("paid", 500_000, sent("failed"))).toBe("fail");
    expect(payoutTransferStep("failed", 500_000, sent("failed"))).toBe("none");
  });

  it("puts back in the queue only a payout on its way that the provider never received", () => {
    expect(payoutTransferStep("sending", 500_000, null)).toBe("requeue");
    expect(payoutTransferStep("paid", 500_000, null)).toBe("none");
  });

  it("settles nothing on a transfer of another amount, or one still pending", () => {
    expect(payoutTransferStep("sending", 500_000, sent("success", 500_001))).toBe("mismatch");
    expect(payoutTransferStep("sending", 500_000, sent("pending"))).toBe("none");
  });
});
