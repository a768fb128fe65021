import { describe, expect, it } from "vitest";
import { walkJsonTexts } from "./json-walk";

const nul = ({ text }: { text: string }) => (text.includes("\u0000") ? text : null);

describe("walkJsonTexts", () => {
  it("finds the first text that fails, key or value, with its path", () => {
    expect(walkJsonTexts({ a: ["ok", { b: "x\u0000y" }] }, nul)).toEqual({ kind: "text", found: "x\u0000y", path: ["a", 1, "b"] });
    expect(walkJsonTexts({ a: { "k\u0000": 1 } }, nul)).toEqual({ kind: "text", found: "k\u0000", path: ["a"] });
    expect(walkJsonTexts("\u0000", nul)).toEqual({ kind: "text", found: "\u0000", path: [] });
    expect(walkJsonTexts([["first\u0000"], "second\u0000"], nul)).toMatchObject({ path: [0, 0] });
    expect(walkJsonTexts({ a: [1, true, null, "fine"] }, nul)).toBeNull();
  });

  it("stops at a body nested past the limit without recursing, however deep", () => {
    const deepArray = JSON.parse(`${"[".repeat(20_000)}${"]".repeat(20_000)}`) as unknown;
    const deepObject = JSON.parse(`${'{"a":'.repeat(6_000)}1${"}".repeat(6_000)}`) as unknown;
    expect(walkJsonTexts(deepArray, nul)).toEqual({ kind: "too_deep" });
    expect(walkJsonTexts(deepObject, nul)).toEqual({ kind: "too_deep" });
    expect(walkJsonTexts([[["x"]]], nul, 3)).toBeNull();
    expect(walkJsonTexts([[[["x"]]]], nul, 3)).toEqual({ kind: "too_deep" });
  });
});
