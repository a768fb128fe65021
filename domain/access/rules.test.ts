import { describe, expect, it } from "vitest";
import { decideAccess } from "./access";
import { postLoginTarget, safeReturnTo, sameSitePath } from "../auth/auth-context";
import { formatKobo } from "../money/money";
import { formatNigerianPhone, isNigerianPhone } from "../nigeria/phone";
import type { TViewer } from "./roles";
import { parseSettingsForm } from "../settings/settings";

const viewer = (role: TViewer["role"], capabilities: TViewer["capabilities"] = []): TViewer => ({
  id: "u",
  name: "A",
  email: "a@b.ng",
  role,
  capabilities,
  image: null,
});

describe("Nigerian phone numbers (docs/product/validation-and-messages.md#phone-numbers)", () => {
  it.each(["08031234567", "+2348031234567", "234 703 123 4567", "0908-123-4567"])("accepts %s", (n) =>
    expect(isNigerianPhone(n)).toBe(true),
  );
  it.each(["0803123456", "06031234567", "+447911123456", "12345", ""])("rejects %s", (n) => expect(isNigerianPhone(n)).toBe(false));
  it("formats to +234", () => {
    expect(formatNigerianPhone("0803 123 4567")).toBe("+2348031234567");
    expect(formatNigerianPhone("2348031234567")).toBe("+2348031234567");
    expect(formatNigerianPhone("8031234567")).toBe("+2348031234567");
  });
});

describe("access rules (docs/product/roles-and-access.md)", () => {
  it("uses levels: higher roles include lower ones; capabilities are separate; admin passes everything", () => {
    expect(decideAccess({ allow: "role", role: "staff" }, viewer("customer"))).toBe("denied");
    expect(decideAccess({ allow: "role", role: "staff" }, viewer("admin"))).toBe("allowed");
    expect(decideAccess({ allow: "capability", capability: "seller" }, viewer("staff"))).toBe("denied");
    expect(decideAccess({ allow: "capability", capability: "seller" }, viewer("customer", ["seller"]))).toBe("allowed");
    expect(decideAccess({ allow: "capability", capability: "investor" }, viewer("admin"))).toBe("allowed");
    expect(decideAccess({ allow: "signed-in" }, null)).toBe("sign-in");
  });
});

describe("returnTo", () => {
  it("allows same-site paths only", () => {
    expect(safeReturnTo("/client-dashboard")).toBe("/client-dashboard");
    expect(safeReturnTo("academy")).toBe("/academy");
    expect(safeReturnTo("//evil.example")).toBeNull();
    expect(safeReturnTo("/\\evil.example")).toBeNull();
    expect(safeReturnTo("https://evil.example")).toBe("/https://evil.example"); // a path on this site, not a host
    expect(safeReturnTo("/\t/evil.example")).toBeNull();
    expect(safeReturnTo("/\n/evil.example")).toBeNull();
    expect(safeReturnTo(" //evil.example")).toBeNull();
    expect(safeReturnTo("/store?q=solar panel")).toBeNull(); // spaces arrive encoded from real links
    expect(safeReturnTo("/store?q=solar%20panel#top")).toBe("/store?q=solar%20panel#top");
    expect(safeReturnTo("/academy/../store")).toBe("/store");
  });
  // A URL parser tidies dot segments after the first check would have looked: "/.//host" comes out as "//host".
  it.each([
    "/.//evil.example",
    "/..//evil.example",
    "/x/..//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/./\\evil.example",
    "%2e//evil.example",
    "/a/b/../..//evil.example",
  ])("refuses %s, which a parser turns into another host", (trick) => {
    expect(safeReturnTo(trick)).toBeNull();
  });
  it("keeps encoded slashes and scheme-looking paths as paths of this site", () => {
    expect(safeReturnTo("/%2f%2fevil.example")).toBe("/%2f%2fevil.example");
    expect(safeReturnTo("https:evil.example")).toBe("/https:evil.example");
    expect(safeReturnTo("javascript:alert(1)")).toBe("/javascript:alert(1)");
    expect(sameSitePath("//evil.example")).toBeNull();
    expect(sameSitePath("/\\evil.example")).toBeNull();
    expect(sameSitePath("/store")).toBe("/store");
  });
  it("falls back to /academy and /marketplace for those contexts (docs/product/accounts.md#post-login-targets)", () => {
    expect(postLoginTarget(null, "academy", "/")).toBe("/academy");
    expect(postLoginTarget(null, "marketplace", "/")).toBe("/marketplace");
    expect(postLoginTarget("/checkout", "academy", "/")).toBe("/checkout");
    expect(postLoginTarget(null, "general", "/store")).toBe("/store");
  });
});

describe("settings form", () => {
  it("reads naira as kobo, unticked boxes as false, empty numbers as invalid", () => {
    expect(
      parseSettingsForm("shipping", {
        shippingEnabled: "on",
        freeShippingThreshold: "1,500.50",
        standardShippingFee: "25",
        expressShippingFee: "",
        shippingPolicy: "x",
        estimatedDeliveryDays: "5",
        expressDeliveryDays: "2",
        vatRateBasisPoints: "7.5",
      }),
    ).toMatchObject({
      shippingEnabled: true,
      vatRateBasisPoints: 750,
      freeShippingThreshold: 150_050,
      standardShippingFee: 2_500,
      expressShippingFee: Number.NaN,
    });
    expect(parseSettingsForm("features", {}).zavChargeEnabled).toBe(false);
  });
  it("formats kobo as naira", () => {
    expect(formatKobo(485_000_000)).toMatch(/₦\s?4,850,000\.00|NGN\s?4,850,000\.00/);
  });
});
