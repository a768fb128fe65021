import { describe, expect, it } from "vitest";
import {
  legacyDateToUtc,
  nairaToKobo,
  orderStatusFromOldWord,
  paymentMethodFromOldWord,
  phoneToE164,
  wholeNumber,
  yesOrNo,
} from "./conversions";
import { guessMapping, mappingProblems } from "./migration";

const value = <T>(c: { value: T } | { reason: string }) => ("value" in c ? c.value : `refused: ${c.reason}`);
const iso = (c: { value: Date } | { reason: string }) => ("value" in c ? c.value.toISOString() : `refused: ${c.reason}`);

describe("naira to kobo", () => {
  it("reads amounts with the naira sign, thousands separators and up to two decimals", () => {
    expect(value(nairaToKobo("₦1,250,000.50"))).toBe(125_000_050);
    expect(value(nairaToKobo("1250000.5"))).toBe(125_000_050);
    expect(value(nairaToKobo("1,250,000"))).toBe(125_000_000);
    expect(value(nairaToKobo(" NGN 4,850 "))).toBe(485_000);
    expect(value(nairaToKobo("0"))).toBe(0);
  });
  it("refuses negatives, garbage, misplaced separators and more than two decimals", () => {
    for (const bad of ["-5,000", "abc", "", "12,50", "1.234", "1,2345", "₦ 5k", "=1+1"])
      expect(value(nairaToKobo(bad))).toMatch(/^refused: ".*" is not a naira amount: write it like 1,250,000.50$/);
  });
});

describe("phones to +234", () => {
  it("reads the ways old systems and spreadsheets write Nigerian mobiles", () => {
    for (const typed of ["0803 123 4567", "803 123 4567", "8031234567", "+234 803 123 4567", "2348031234567", "+234-803-123-4567"])
      expect(value(phoneToE164(typed))).toBe("+2348031234567");
  });
  it("refuses landlines, short numbers and other countries", () => {
    for (const bad of ["01 271 0000", "0803 123 456", "+44 7700 900123", "phone"])
      expect(value(phoneToE164(bad))).toBe("refused: Phone is not a Nigerian mobile number");
  });
});

describe("dates to UTC", () => {
  it("keeps an instant with its zone", () => {
    expect(iso(legacyDateToUtc("2024-11-25T14:30:00Z"))).toBe("2024-11-25T14:30:00.000Z");
    expect(iso(legacyDateToUtc("2024-11-25T14:30:00+01:00"))).toBe("2024-11-25T13:30:00.000Z");
    expect(iso(legacyDateToUtc("2024-11-25 09:15:30.250-0500"))).toBe("2024-11-25T14:15:30.250Z");
  });
  it("reads a date or time without a zone as Lagos time, day first when written with slashes", () => {
    expect(iso(legacyDateToUtc("2024-11-25"))).toBe("2024-11-24T23:00:00.000Z");
    expect(iso(legacyDateToUtc("2024-11-25 14:30"))).toBe("2024-11-25T13:30:00.000Z");
    expect(iso(legacyDateToUtc("25/11/2024 14:30"))).toBe("2024-11-25T13:30:00.000Z");
    expect(iso(legacyDateToUtc("5/1/2025"))).toBe("2025-01-04T23:00:00.000Z");
    expect(iso(legacyDateToUtc("25.11.2024 08:05:09"))).toBe("2024-11-25T07:05:09.000Z");
  });
  it("refuses days the calendar does not have and what is not a date", () => {
    for (const bad of ["31/02/2024", "2024-13-01", "2024-02-30T10:00:00Z", "11/25/2024", "yesterday", "25/11/24", "2024-11-25 25:00"])
      expect(iso(legacyDateToUtc(bad))).toMatch(/^refused: ".*" is not a date: use 25\/11\/2024 14:30/);
  });
});

describe("the old system's words", () => {
  it("maps order statuses to ours and refuses unpaid and unknown ones", () => {
    expect(value(orderStatusFromOldWord("Completed"))).toBe("delivered");
    expect(value(orderStatusFromOldWord("DISPATCHED"))).toBe("shipped");
    expect(value(orderStatusFromOldWord("in-progress"))).toBe("processing");
    expect(value(orderStatusFromOldWord("Canceled"))).toBe("cancelled");
    expect(value(orderStatusFromOldWord("returned"))).toBe("refunded");
    expect(value(orderStatusFromOldWord("Payment received"))).toBe("paid");
    expect(value(orderStatusFromOldWord("Pending payment"))).toBe(
      "refused: Unpaid orders are not brought over: ask the customer to order again on this site",
    );
    expect(value(orderStatusFromOldWord("lost in the post"))).toMatch(/^refused: Unknown status "lost in the post": use Paid, Processing/);
  });
  it("maps payment methods, an empty cell being a bank transfer", () => {
    expect(value(paymentMethodFromOldWord("Card"))).toBe("paystack");
    expect(value(paymentMethodFromOldWord("Cash on delivery"))).toBe("pay_on_delivery");
    expect(value(paymentMethodFromOldWord("bank_transfer"))).toBe("bank_transfer");
    expect(value(paymentMethodFromOldWord(""))).toBe("bank_transfer");
    expect(value(paymentMethodFromOldWord("cowries"))).toMatch(/^refused: Unknown payment method "cowries"/);
  });
  it("reads whole numbers in bounds and yes or no", () => {
    expect(value(wholeNumber("1,200", "stock", 0, 1_000_000))).toBe(1200);
    expect(value(wholeNumber("2.5", "quantity", 1, 1000))).toBe('refused: The quantity "2.5" is not a whole number');
    expect(value(wholeNumber("0", "quantity", 1, 1000))).toBe("refused: The quantity must be between 1 and 1,000");
    expect(value(yesOrNo("Active", "on sale"))).toBe(true);
    expect(value(yesOrNo("withdrawn", "on sale"))).toBe(false);
    expect(value(yesOrNo("maybe", "on sale"))).toBe('refused: "maybe" is not a yes or no for on sale');
  });
});

describe("the column mapping", () => {
  it("guesses each field from the header's names, one column each", () => {
    const header = ["Customer ID", "First Name", "Surname", "E-mail", "Mobile", "Date Created", "Notes"];
    expect(guessMapping("customers", header)).toEqual({ oldId: 0, email: 3, name: 1, lastName: 2, phone: 4, since: 5 });
    expect(guessMapping("orders", ["Order No", "Email", "Date", "Status", "SKU", "Qty", "Price", "Total"])).toMatchObject({
      orderNumber: 0,
      email: 1,
      placedAt: 2,
      status: 3,
      sku: 4,
      item: null,
      quantity: 5,
      unitPrice: 6,
      total: 7,
    });
  });
  it("says what a dry run still needs", () => {
    expect(mappingProblems("customers", { email: null, name: 0 }, 3)).toEqual(["Choose the column for E-mail"]);
    expect(mappingProblems("customers", { email: 0, name: 0 }, 3)).toEqual([
      "Name (or first name) and E-mail cannot come from the same column",
    ]);
    expect(mappingProblems("customers", { email: 7, name: 0 }, 3)).toEqual(["The column chosen for E-mail is not in the file"]);
    expect(mappingProblems("orders", { orderNumber: 0, email: 1, placedAt: 2, status: 3, quantity: 4, unitPrice: 5, total: 6 }, 7)).toEqual(
      ["Choose the column for SKU or for Item name"],
    );
  });
});
