import { describe, expect, it } from "vitest";
import { defaultSettings } from "@domain/settings/settings";
import { indexablePaths } from "./indexable";
import { ROUTE_TABLE } from "./route-table";

describe("route table", () => {
  it("states every route once", () => {
    const paths = ROUTE_TABLE.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(ROUTE_TABLE.find((r) => r.path === "/admin/settings")!.access).toEqual({ allow: "role", role: "admin" });
  });
});

describe("sitemap pages", () => {
  it("lists public indexable pages and drops a switched-off feature's pages", async () => {
    const on = indexablePaths(defaultSettings());
    expect(on).toEqual(expect.arrayContaining(["/", "/store", "/academy", "/services", "/about", "/privacy-policy", "/zavcharge"]));
    expect(on).not.toContain("/admin/login");
    expect(on).not.toContain("/client-dashboard");
    expect(on).not.toContain("/staff");
    const off = indexablePaths({ ...defaultSettings(), zavChargeEnabled: false });
    expect(off).not.toContain("/zavcharge");
    expect(off).not.toContain("/zavcharge-product");
  });

  it("keeps parameterised paths out of the indexable pages; /blog is in", () => {
    const paths = indexablePaths(defaultSettings());
    expect(paths).toContain("/blog");
    expect(paths.some((p) => p.includes(":"))).toBe(false);
  });
});
