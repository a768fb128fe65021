import { desc, eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { blogPosts } from "../schema";

/** Every post in every status, most recently changed first (the staff's list). */
export async function listAllPosts() {
  return getDb()
    .select({
      id: blogPosts.id,
      slug: blogPosts.slug,
      title: blogPosts.title,
      author: blogPosts.author,
      status: blogPosts.status,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id));
}

/** One post with everything the edit form needs. */
export async function getPostForEdit(id: number) {
  const [post] = await getDb().select().from(blogPosts).where(eq(blogPosts.id, id));
  return post ?? null;
}
