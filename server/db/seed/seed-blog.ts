import { inArray } from "drizzle-orm";
import { users } from "../../auth/schema";
import { blogPosts } from "../../content/schema";
import { getDb } from "../client";
import { DEMO_POSTS } from "./blog-data";

/** Idempotent: inserts the demo posts whose slug is not taken; posts that staff changed keep their changes. */
export async function seedBlog(now = new Date()) {
  const db = getDb();
  const emails = DEMO_POSTS.map((p) => p.authorEmail).filter((e): e is string => e !== null);
  const authors = new Map(
    (await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails))).map((u) => [u.email, u.id]),
  );
  const rows = DEMO_POSTS.map(({ authorEmail, daysAgo, ...post }) => {
    const at = new Date(now.getTime() - daysAgo * 86_400_000);
    return {
      ...post,
      authorId: authorEmail ? (authors.get(authorEmail) ?? null) : null,
      publishedAt: post.status === "published" ? at : null,
      createdAt: at,
      updatedAt: at,
    };
  });
  await db.insert(blogPosts).values(rows).onConflictDoNothing({ target: blogPosts.slug });
}
