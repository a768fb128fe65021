import { describe, expect, it } from "vitest";
import { pageSharingFor } from "./page-cache-match.server";

describe("pages the page cache may keep", () => {
  it("shares public, indexable pages and leaves out signed-in, noindex and resource routes", () => {
    expect(pageSharingFor("/about")).toBe("everyone");
    expect(pageSharingFor("/store/solar-panel")).toBe("everyone");
    expect(pageSharingFor("/academy/solar-basics")).toBe("everyone");
    expect(pageSharingFor("/account")).toBeNull(); // signed-in page
    expect(pageSharingFor("/admin/login")).toBeNull(); // noindex
    expect(pageSharingFor("/api/auth/get-session")).toBeNull(); // resource route
    expect(pageSharingFor("/no-such-page")).toBeNull(); // the catch-all 404
  });

  it("keeps pages that show a signed-in visitor their own data for anonymous visitors only", () => {
    expect(pageSharingFor("/contact")).toBe("anonymous"); // the form is filled in with the visitor's name
    expect(pageSharingFor("/services")).toBe("anonymous");
    expect(pageSharingFor("/marketplace/sellers/adunni-designs")).toBe("anonymous"); // their consultations
  });
});
