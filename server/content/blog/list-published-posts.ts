import { and, arrayContains, count, desc, eq, isNotNull } from "drizzle-orm";
import { BLOG_PAGE_SIZE } from "@domain/content/blog";
import { getDb } from "../../db/client";
import { blogPosts } from "../schema";
import { publicPostColumns } from "./post-columns";

/** Published posts, newest first, one page at a time, optionally only those with a tag. */
export async function listPublishedPosts({ page = 1, tag = null }: { page?: number; tag?: string | null } = {}) {
  const where = and(
    eq(blogPosts.status, "published"),
    isNotNull(blogPosts.publishedAt),
    tag ? arrayContains(blogPosts.tags, [tag]) : undefined,
  );
  const db = getDb();
  const [[{ total } = { total: 0 }], posts] = await Promise.all([
    db.select({ total: count() }).from(blogPosts).where(where),
    db
      .select(publicPostColumns)
      .from(blogPosts)
      .where(where)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(BLOG_PAGE_SIZE)
      .offset((page - 1) * BLOG_PAGE_SIZE),
  ]);
  return {
    posts: posts.map((p) => ({ ...p, publishedAt: p.publishedAt! })),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE)),
  };
}

/** Every published post's address and last change, for sitemap.xml. */
export async function listPublishedPostUrls() {
  return getDb()
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(and(eq(blogPosts.status, "published"), isNotNull(blogPosts.publishedAt)))
    .orderBy(desc(blogPosts.publishedAt));
}
