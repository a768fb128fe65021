import { describe, expect, it } from "vitest";
import { isCacheablePage } from "./page-cache-match.server";

describe("pages the anonymous cache may keep", () => {
  it("keeps public, indexable pages and leaves out signed-in, noindex and resource routes", () => {
    expect(isCacheablePage("/about")).toBe(true);
    expect(isCacheablePage("/store/solar-panel")).toBe(true);
    expect(isCacheablePage("/account")).toBe(false); // signed-in page
    expect(isCacheablePage("/admin/login")).toBe(false); // noindex
    expect(isCacheablePage("/api/auth/get-session")).toBe(false); // resource route
    expect(isCacheablePage("/no-such-page")).toBe(false); // the catch-all 404
  });
});
