import { describe, expect, it } from "vitest";
import { parseMarkdown } from "./markdown";

describe("course text (Markdown subset)", () => {
  it("reads headings, paragraphs, lists and inline marks", () => {
    const blocks = parseMarkdown("## Safety\n\nIsolate **first**, then *test*.\n\n- Gloves\n- Boots\n\n1. One\n2. Two");
    expect(blocks.map((b) => b.kind)).toEqual(["h2", "p", "ul", "ol"]);
    expect(blocks[1]).toEqual({
      kind: "p",
      content: [
        { kind: "text", text: "Isolate " },
        { kind: "strong", text: "first" },
        { kind: "text", text: ", then " },
        { kind: "em", text: "test" },
        { kind: "text", text: "." },
      ],
    });
  });

  it("keeps HTML as text and drops links that are not web, mail or on-site", () => {
    const [p] = parseMarkdown("<script>alert(1)</script> [x](javascript:void) [ok](/academy) [out](https://zavolah.ng)");
    expect(p).toEqual({
      kind: "p",
      content: [
        { kind: "text", text: "<script>alert(1)</script> " },
        { kind: "text", text: "x" },
        { kind: "text", text: " " },
        { kind: "link", text: "ok", href: "/academy" },
        { kind: "text", text: " " },
        { kind: "link", text: "out", href: "https://zavolah.ng" },
      ],
    });
    expect(parseMarkdown("[y](//evil.example)")[0]).toEqual({ kind: "p", content: [{ kind: "text", text: "y" }] });
  });
});
