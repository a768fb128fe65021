import { describe, expect, it } from "vitest";
import { applyConsent, crmStatusOf, mayEmailMarketing, mergedConsent, normaliseEmail, normaliseTag, type TConsentRecord } from "./crm";

const day = (d: number) => new Date(Date.UTC(2026, 10, d, 9));

describe("a record's status", () => {
  const facts = { paidOrders: 0, subscribed: false, markedInactiveAt: null, lastActivityAt: day(10) };
  it("is lead, then subscriber, then customer as the person does more", () => {
    expect(crmStatusOf(facts)).toBe("lead");
    expect(crmStatusOf({ ...facts, subscribed: true })).toBe("subscriber");
    expect(crmStatusOf({ ...facts, subscribed: true, paidOrders: 1 })).toBe("customer");
  });
  it("stays inactive once marked, until the person does something after it", () => {
    expect(crmStatusOf({ ...facts, paidOrders: 2, markedInactiveAt: day(11) })).toBe("inactive");
    expect(crmStatusOf({ ...facts, paidOrders: 2, markedInactiveAt: day(11), lastActivityAt: day(12) })).toBe("customer");
  });
});

describe("consent", () => {
  const none: TConsentRecord = { consent: "unknown", consentAt: null, consentSource: null };
  it("takes the newest event and ignores an older one", () => {
    const granted = applyConsent(none, { state: "granted", at: day(5), source: "Newsletter sign-up", byThePerson: true });
    expect(granted).toEqual({ consent: "granted", consentAt: day(5), consentSource: "Newsletter sign-up" });
    const withdrawn = applyConsent(granted, { state: "withdrawn", at: day(8), source: "Newsletter unsubscribe", byThePerson: true });
    expect(withdrawn.consent).toBe("withdrawn");
    expect(applyConsent(withdrawn, { state: "granted", at: day(6), source: "Newsletter sign-up", byThePerson: true })).toBe(withdrawn);
  });
  it("lets only the person undo their own opt-out, not an imported list", () => {
    const withdrawn: TConsentRecord = { consent: "withdrawn", consentAt: day(8), consentSource: "Newsletter unsubscribe" };
    expect(applyConsent(withdrawn, { state: "granted", at: day(20), source: "Import: fair.csv", byThePerson: false })).toBe(withdrawn);
    expect(applyConsent(withdrawn, { state: "granted", at: day(20), source: "Newsletter sign-up", byThePerson: true }).consent).toBe(
      "granted",
    );
  });
  it("keeps an opt-out when two records of one person are merged", () => {
    expect(mergedConsent("granted", "withdrawn")).toBe("withdrawn");
    expect(mergedConsent("unknown", "granted")).toBe("granted");
    expect(mergedConsent("unknown", "unknown")).toBe("unknown");
  });
  it("allows marketing e-mail only with consent given", () => {
    expect(mayEmailMarketing("granted")).toBe(true);
    expect(mayEmailMarketing("unknown")).toBe(false);
    expect(mayEmailMarketing("withdrawn")).toBe(false);
  });
});

describe("identity and tags", () => {
  it("treats an address however typed as the same person", () => {
    expect(normaliseEmail("  Ngozi.Okafor@Example.NG ")).toBe("ngozi.okafor@example.ng");
  });
  it("writes tags one way", () => {
    expect(normaliseTag("  Lekki VIP!! ")).toBe("lekki-vip");
    expect(normaliseTag("=cmd|' /C calc'!A0")).toBe("cmd-c-calc-a0");
    expect(normaliseTag("x".repeat(50))).toHaveLength(32);
    expect(normaliseTag("--")).toBe("");
  });
});
