import { describe, expect, it } from "vitest";
import { SLUG_PATTERN, slugify } from "./slug";

describe("slugs", () => {
  it("makes slugs from titles: ASCII words, accents dropped, & as and, at most 80 characters", () => {
    expect(slugify("Lithium vs Tubular Batteries: Which Lasts in Lagos?")).toBe("lithium-vs-tubular-batteries-which-lasts-in-lagos");
    expect(slugify("Solar & Smart Furniture — Òṣogbo")).toBe("solar-and-smart-furniture-osogbo");
    expect(slugify("Solar 101: Basics")).toBe("solar-101-basics");
    expect(slugify("!!!")).toBe("");
    const long = slugify("Inverter ".repeat(20));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long).toMatch(SLUG_PATTERN);
  });

  it("takes lowercase words joined by single hyphens only", () => {
    expect(SLUG_PATTERN.test("lekki-phase-1")).toBe(true);
    expect(SLUG_PATTERN.test("Lekki")).toBe(false);
    expect(SLUG_PATTERN.test("lekki--1")).toBe(false);
    expect(SLUG_PATTERN.test("-lekki")).toBe(false);
  });
});
