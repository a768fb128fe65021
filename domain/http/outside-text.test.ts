import { describe, expect, it } from "vitest";
import { parseAddressId } from "./outside-text";

describe("parseAddressId", () => {
  it("reads one to nine digits as the id", () => {
    expect(parseAddressId("42")).toBe(42);
    expect(parseAddressId("007")).toBe(7);
    expect(parseAddressId("999999999")).toBe(999_999_999);
  });

  it("refuses what is not an id", () => {
    for (const raw of [null, undefined, "", "1000000000", "1e3", "0x10", "-1", " 7", "7 ", "1.5", "abc"])
      expect(parseAddressId(raw)).toBeNull();
  });
});
