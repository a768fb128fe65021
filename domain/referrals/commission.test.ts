import { describe, expect, it } from "vitest";
import { defaultSettings } from "../settings/settings";
import { validateSettings } from "../settings/validate-settings";
import { formatKobo } from "../money/money";
import {
  commissionBases,
  commissionHeldUntil,
  commissionKobo,
  commissionRatePercent,
  kindEarnsCommission,
  payoutRefusal,
  referralBadge,
  withinReferralWindow,
} from "./commission";

describe("commission arithmetic, in kobo", () => {
  it("is the rate on the line's total, rounded down to the kobo", () => {
    expect(commissionKobo(12_000_000, 5)).toBe(600_000);
    // ₦333.33 at 5% is 1,666.65 kobo: the referrer gets 1,666.
    expect(commissionKobo(33_333, 5)).toBe(1_666);
    expect(commissionKobo(19, 5)).toBe(0);
  });

  it("shares the discount among the house's lines by their totals, each share rounded up; sellers' lines keep theirs", () => {
    const bases = commissionBases(
      [
        { id: 1, lineTotalKobo: 10_000_000, house: true },
        { id: 2, lineTotalKobo: 5_000_000, house: true },
        { id: 3, lineTotalKobo: 3_000_000, house: false },
      ],
      1_000_001,
    );
    // 1,000,001 × 10/15 = 666,667.33 → 666,668; × 5/15 = 333,333.67 → 333,334.
    expect(bases).toEqual(
      new Map([
        [1, 9_333_332],
        [2, 4_666_666],
        [3, 3_000_000],
      ]),
    );
    expect(commissionBases([{ id: 1, lineTotalKobo: 500, house: true }], 9_999)).toEqual(new Map([[1, 0]]));
  });

  it("never uses a rate above the maximum, and refuses to save one", () => {
    const settings = { ...defaultSettings(), referralCommission: 20, maxCommission: 15 };
    expect(commissionRatePercent(settings)).toBe(15);
    const current = defaultSettings();
    expect(validateSettings({ referralCommission: 16 }, current)).toMatchObject({
      ok: false,
      error: { field: "referralCommission", message: "The referral commission (16%) cannot be above the maximum commission (15%)" },
    });
    expect(validateSettings({ maxCommission: 4 }, current)).toMatchObject({ ok: false, error: { field: "maxCommission" } });
    expect(validateSettings({ referralCommission: 15 }, current)).toMatchObject({ ok: true, values: { referralCommission: 15 } });
  });

  it("earns on the kinds the admin picked: not wallet top-ups by default, never an unknown kind", () => {
    const settings = defaultSettings();
    expect(["variant", "course", "listing", "plan_renewal"].every((k) => kindEarnsCommission(k, settings))).toBe(true);
    expect(kindEarnsCommission("wallet_topup", settings)).toBe(false);
    expect(kindEarnsCommission("wallet_topup", { ...settings, referralOnTopUps: true })).toBe(true);
    expect(kindEarnsCommission("gift_voucher", settings)).toBe(false);
  });

  it("counts the window from joining, and the hold from delivery for goods, from payment otherwise", () => {
    const joined = new Date("2026-01-31T10:00:00Z");
    expect(withinReferralWindow(joined, new Date("2027-01-30T10:00:00Z"), 12)).toBe(true);
    expect(withinReferralWindow(joined, new Date("2027-01-31T10:00:00Z"), 12)).toBe(false);
    const paidAt = new Date("2026-11-01T09:00:00Z");
    expect(commissionHeldUntil({ ships: false, paidAt, deliveredAt: null }, 14)).toEqual(new Date("2026-11-15T09:00:00Z"));
    expect(commissionHeldUntil({ ships: true, paidAt, deliveredAt: null }, 14)).toBeNull();
    expect(commissionHeldUntil({ ships: true, paidAt, deliveredAt: new Date("2026-11-05T12:00:00Z") }, 14)).toEqual(
      new Date("2026-11-19T12:00:00Z"),
    );
  });
});

describe("asking for a payout", () => {
  const ready = { amountKobo: 800_000, balanceKobo: 800_000, minPayoutKobo: 500_000, qualifiedReferrals: 1, minReferrals: 1 };
  it("is allowed for the whole balance once the minimum and the qualified friends are reached", () => {
    expect(payoutRefusal(ready, formatKobo)).toBeNull();
  });
  it("says why not: too few qualified friends, nothing or too little approved, or a balance that moved", () => {
    expect(payoutRefusal({ ...ready, minReferrals: 2 }, formatKobo)).toMatch(/once 2 friends have made a purchase/);
    expect(payoutRefusal({ ...ready, balanceKobo: -50_000, amountKobo: 1 }, formatKobo)).toBe(
      "You have no approved commission to pay out yet.",
    );
    expect(payoutRefusal({ ...ready, balanceKobo: 400_000, amountKobo: 400_000 }, formatKobo)).toBe(
      "Your balance is ₦4,000.00; payouts start at ₦5,000.00.",
    );
    expect(payoutRefusal({ ...ready, amountKobo: 90_000_000 }, formatKobo)).toBe(
      "Your balance is now ₦8,000.00, not ₦900,000.00. Check it and ask again.",
    );
  });
  it("gives a badge for qualified friends", () => {
    expect([0, 1, 5, 19, 20].map(referralBadge)).toEqual([null, "Connector", "Ambassador", "Ambassador", "Champion"]);
  });
});
