import { and, eq, isNotNull } from "drizzle-orm";
import { getDb } from "../../db/client";
import { blogPosts } from "../schema";
import { publicPostColumns } from "./post-columns";

/** A published post by slug, or null: drafts and archived posts do not exist for readers. */
export async function getPublishedPost(slug: string) {
  if (!/^[a-z0-9-]{1,100}$/.test(slug)) return null;
  const [post] = await getDb()
    .select({ ...publicPostColumns, content: blogPosts.content })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.status, "published"), isNotNull(blogPosts.publishedAt)));
  return post ? { ...post, publishedAt: post.publishedAt! } : null;
}
