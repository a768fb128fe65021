import { describe, expect, it } from "vitest";
import {
  deletionDaysLeft,
  deletionDueAt,
  deletionDueLabel,
  erasedEmailFor,
  formatDeletionRequestNumber,
  isErasedEmail,
  publicNameOf,
  ERASED_NAME,
} from "./deletion-requests";

// The promise and its arithmetic (docs/product/privacy-requests.md): 30 Lagos days, counted in Lagos days.

describe("the 30-day promise", () => {
  it("is due at the end of the 30th Lagos day after the request", () => {
    // 23:30 UTC on 30 November is already 1 December in Lagos.
    expect(deletionDueAt(new Date("2026-11-30T23:30:00Z")).toISOString()).toBe("2026-12-31T22:59:59.000Z");
    expect(deletionDueAt(new Date("2026-11-25T10:00:00Z")).toISOString()).toBe("2026-12-25T22:59:59.000Z");
  });

  it("counts whole Lagos days left, then days overdue", () => {
    const due = deletionDueAt(new Date("2026-11-25T10:00:00Z"));
    expect(deletionDaysLeft(due, new Date("2026-11-25T10:00:00Z"))).toBe(30);
    expect(deletionDaysLeft(due, new Date("2026-12-25T22:00:00Z"))).toBe(0);
    expect(deletionDaysLeft(due, new Date("2026-12-25T23:30:00Z"))).toBe(-1);
    expect([30, 1, 0, -1, -3].map(deletionDueLabel)).toEqual([
      "30 days left",
      "1 day left",
      "Due today",
      "Overdue by 1 day",
      "Overdue by 3 days",
    ]);
  });
});

describe("an erased person", () => {
  it("has an address nobody can receive mail at, and is 'A customer' to other customers", () => {
    expect(erasedEmailFor("AbC123")).toBe("deleted-abc123@deleted.invalid");
    expect(isErasedEmail(" Deleted-abc123@DELETED.invalid")).toBe(true);
    expect(isErasedEmail("ngozi@example.ng")).toBe(false);
    expect(publicNameOf(ERASED_NAME)).toBe("A customer");
    expect(publicNameOf("Ngozi Okafor")).toBe("Ngozi Okafor");
    expect(formatDeletionRequestNumber(7)).toBe("DR-0007");
  });
});
