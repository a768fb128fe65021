import { z } from "zod";
import { BLOG_IMAGES, parseTags, TAG } from "./blog";

// The admin blog form as the server reads it (docs/product/content.md); apart from blog.ts so pages showing posts do not ship zod.

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required` })
    .transform((s) => s.replace(/\r\n/g, "\n").trim())
    .pipe(z.string().min(min, `${label} must be at least ${min} characters`).max(max, `${label} must be at most ${max} characters`));

/** The admin form's fields: title, excerpt, content, tags (comma-separated), featuredImage. */
export const ZBlogPostInput = z.object({
  title: text("Title", 5, 140),
  excerpt: text("Excerpt", 20, 300),
  content: text("Content", 50, 50_000),
  tags: z
    .string()
    .default("")
    .transform(parseTags)
    .pipe(
      z
        .array(
          z
            .string()
            .max(30, "Each tag must be at most 30 characters")
            .regex(TAG, "Tags are single lowercase words (letters, digits, hyphens), separated by commas"),
        )
        .max(8, "Use at most 8 tags"),
    ),
  featuredImage: z
    .string()
    .default("")
    .transform((s) => s.trim() || null)
    .refine((p) => p === null || BLOG_IMAGES.some((i) => i.path === p), "Choose one of the listed images, or none"),
});
export type TBlogPostInput = z.infer<typeof ZBlogPostInput>;
