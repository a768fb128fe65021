import { describe, expect, it } from "vitest";
import { commonPrefixLength, headlinePhrases } from "./headline-phrases";

describe("headlinePhrases", () => {
  it("cycles home, business and institution from the default title, with the right article", () => {
    expect(headlinePhrases("What makes a home?")).toEqual(["What makes a home?", "What makes a business?", "What makes an institution?"]);
  });

  it("keeps an admin's longer stem and starts with the title itself", () => {
    expect(headlinePhrases("What makes a great home?")).toEqual([
      "What makes a great home?",
      "What makes a great business?",
      "What makes a great institution?",
    ]);
    expect(headlinePhrases("What makes an institution?")).toEqual([
      "What makes an institution?",
      "What makes a home?",
      "What makes a business?",
    ]);
    expect(headlinePhrases("  What   builds a  Business! ")).toEqual([
      "What builds a Business!",
      "What builds a home!",
      "What builds an institution!",
    ]);
  });

  it("does not cycle a one-word title", () => {
    expect(headlinePhrases("Welcome")).toEqual(["Welcome"]);
  });

  it("finds the common start the typist deletes back to", () => {
    expect(commonPrefixLength("What makes a home?", "What makes a business?")).toBe("What makes a ".length);
    expect(commonPrefixLength("What makes a business?", "What makes an institution?")).toBe("What makes a".length);
  });
});
