import { eq } from "drizzle-orm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../../audit/record-audit";
import type { DbOrTx } from "../../db/client";
import { blogPosts } from "../schema";

export type TPostStatusChange = TResult<{ slug: string; changed: boolean }>;

/** Inside the caller's transaction: makes the post public (keeping its first publication date) and logs it. */
export async function markPostPublished(tx: DbOrTx, actorId: string, id: number): Promise<TPostStatusChange> {
  const [post] = await tx
    .select({ status: blogPosts.status, slug: blogPosts.slug, publishedAt: blogPosts.publishedAt })
    .from(blogPosts)
    .where(eq(blogPosts.id, id))
    .for("update");
  if (!post) return refuse("not_found", "That post no longer exists");
  if (post.status === "published") return succeed({ slug: post.slug, changed: false });
  const now = new Date();
  await tx
    .update(blogPosts)
    .set({ status: "published", publishedAt: post.publishedAt ?? now, updatedAt: now })
    .where(eq(blogPosts.id, id));
  await recordAudit(tx, {
    actorId,
    action: "blog.publish",
    resourceType: "blog_post",
    resourceId: String(id),
    oldData: { status: post.status },
    newData: { status: "published", slug: post.slug },
  });
  return succeed({ slug: post.slug, changed: true });
}
