import { describe, expect, it } from "vitest";
import { fourEyesRefusal, type TAdminTenure } from "./admin-grants";

const declaredAt = new Date("2026-11-20T10:00:00Z");
const longStanding: TAdminTenure = { since: null, grantedBy: [] };
const since = (iso: string, grantedBy: string[] = []): TAdminTenure => ({ since: new Date(iso), grantedBy });

describe("four eyes on a distribution", () => {
  it("are two people, both admins for 7 days before it was declared, neither made by the other", () => {
    const ok = fourEyesRefusal({ id: "a", tenure: longStanding }, { id: "b", tenure: since("2026-11-13T09:59:00Z", ["c"]) }, declaredAt);
    expect(ok).toBeNull();
    expect(fourEyesRefusal({ id: "a", tenure: longStanding }, { id: "a", tenure: longStanding }, declaredAt)).toMatch(/You declared/);
    expect(
      fourEyesRefusal({ id: "a", tenure: longStanding }, { id: "b", tenure: since("2026-11-13T10:01:00Z", ["c"]) }, declaredAt),
    ).toMatch(/You became an administrator on 13 Nov 2026/);
    expect(
      fourEyesRefusal({ id: "a", tenure: since("2026-11-19T00:00:00Z", ["c"]) }, { id: "b", tenure: longStanding }, declaredAt),
    ).toMatch(/Its declarer became an administrator/);
    expect(
      fourEyesRefusal({ id: "a", tenure: longStanding }, { id: "b", tenure: since("2025-01-01T00:00:00Z", ["a", "c"]) }, declaredAt),
    ).toBe("The declarer made you an administrator: another administrator must approve it.");
    expect(fourEyesRefusal({ id: "a", tenure: since("2025-01-01T00:00:00Z", ["b"]) }, { id: "b", tenure: longStanding }, declaredAt)).toBe(
      "You made the declarer an administrator: another administrator must approve it.",
    );
  });
});
