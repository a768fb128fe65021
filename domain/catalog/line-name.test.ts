import { describe, expect, it } from "vitest";
import { lineName } from "./line-name";

describe("lineName", () => {
  it("names the variant in brackets", () => {
    expect(lineName({ productName: "Lithium Battery", variantName: "200Ah" })).toBe("Lithium Battery (200Ah)");
    expect(lineName({ productName: "Detachable Smart Sofa", variantName: "Grey fabric" })).toBe("Detachable Smart Sofa (Grey fabric)");
  });

  it("leaves out the Standard variant of a product without options", () => {
    expect(lineName({ productName: "Solar Panel", variantName: "Standard" })).toBe("Solar Panel");
    expect(lineName({ productName: "Solar Panel", variantName: "" })).toBe("Solar Panel");
  });
});
