import { describe, expect, it } from "vitest";
import { parsePage, parseTagFilter, toParagraphs } from "./blog";
import { ZBlogPostInput } from "./blog-input";

const valid = {
  title: "Sizing an inverter for NEPA outages",
  excerpt: "How many kVA does a three-bedroom flat in Ibadan really need?",
  content: "Start with what must stay on when the grid goes.\n\nThen add up the watts.",
  tags: "Solar, inverters, solar",
  featuredImage: "/images/blog/inverter-sizing.svg",
};

describe("blog post input", () => {
  it("accepts a valid post, trimming text and normalising tags", () => {
    const parsed = ZBlogPostInput.parse({ ...valid, title: "  Sizing an inverter for NEPA outages  " });
    expect(parsed.title).toBe("Sizing an inverter for NEPA outages");
    expect(parsed.tags).toEqual(["solar", "inverters"]);
    expect(ZBlogPostInput.parse({ ...valid, featuredImage: "", tags: "" })).toMatchObject({ featuredImage: null, tags: [] });
  });

  it("names the field and the rule for bad input", () => {
    const result = ZBlogPostInput.safeParse({
      title: "Hi",
      excerpt: "short",
      content: "too short",
      tags: "a b, c",
      featuredImage: "/images/evil.svg",
    });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(byField).toEqual({
      title: "Title must be at least 5 characters",
      excerpt: "Excerpt must be at least 20 characters",
      content: "Content must be at least 50 characters",
      tags: "Tags are single lowercase words (letters, digits, hyphens), separated by commas",
      featuredImage: "Choose one of the listed images, or none",
    });
    expect(ZBlogPostInput.safeParse({ ...valid, tags: "a,b,c,d,e,f,g,h,i" }).error?.issues[0]?.message).toBe("Use at most 8 tags");
    expect(ZBlogPostInput.safeParse({ ...valid, title: "x".repeat(141) }).success).toBe(false);
    expect(ZBlogPostInput.safeParse({ ...valid, title: undefined }).error?.issues[0]?.message).toBe("Title is required");
  });

  it("splits content into paragraphs at blank lines", () => {
    expect(toParagraphs("One\nstill one\n\n\nTwo\r\n\r\nThree  ")).toEqual(["One\nstill one", "Two", "Three"]);
  });

  it("reads page and tag parameters defensively", () => {
    expect([parsePage(null), parsePage("3"), parsePage("0"), parsePage("-1"), parsePage("2x")]).toEqual([1, 3, 1, 1, 1]);
    expect([parseTagFilter("Solar"), parseTagFilter("a b"), parseTagFilter(null)]).toEqual(["solar", null, null]);
  });
});
