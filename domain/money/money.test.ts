import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatKobo, koboToNairaInput } from "./money";

describe("formatKobo", () => {
  it("writes naira as Intl's en-NG currency format does", () => {
    const intl = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" });
    expect(formatKobo(485_000_000)).toBe("₦4,850,000.00");
    expect(formatKobo(-250_000)).toBe("-₦2,500.00");
    expect(formatKobo(1)).toBe("₦0.01");
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (kobo) => {
        expect(formatKobo(kobo)).toBe(intl.format(kobo / 100));
      }),
    );
  });
});

describe("koboToNairaInput", () => {
  it("groups thousands and keeps kobo only when there are some", () => {
    expect(koboToNairaInput(7_500_000)).toBe("75,000");
    expect(koboToNairaInput(7_500_050)).toBe("75,000.50");
    expect(koboToNairaInput(99_999_999_900)).toBe("999,999,999");
  });
});
