import { eq } from "drizzle-orm";
import { recordAudit } from "../../audit/record-audit";
import { getDb, type DbOrTx } from "../../db/client";
import { bumpContentVersion } from "../../http/page-cache";
import { runJobNow } from "../../jobs/scheduler";
import { log } from "../../log";
import { BLOG_POST_REMINDERS } from "../../notifications/reminders/blog-post-reminders";
import { blogPosts } from "../schema";

type TStatusChange = { ok: true; slug: string; changed: boolean } | { ok: false; error: string };

/** Inside the caller's transaction: makes the post public (keeping its first publication date) and logs it. */
export async function publishInTx(tx: DbOrTx, actorId: string, id: number): Promise<TStatusChange> {
  const [post] = await tx
    .select({ status: blogPosts.status, slug: blogPosts.slug, publishedAt: blogPosts.publishedAt })
    .from(blogPosts)
    .where(eq(blogPosts.id, id))
    .for("update");
  if (!post) return { ok: false, error: "That post no longer exists" };
  if (post.status === "published") return { ok: true, slug: post.slug, changed: false };
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
  return { ok: true, slug: post.slug, changed: true };
}

/** Cached public pages (blog list, home, sitemap) must not outlive a change of what is published. */
export function refreshPublicPages<T extends { ok: boolean }>(result: T): T {
  if (result.ok) bumpContentVersion();
  return result;
}

/** After the commit that published a post: readers hear of it now, not at the next hourly reminder run. */
export async function announcePublished() {
  await runJobNow(BLOG_POST_REMINDERS).catch((error) => log.error({ error }, "could not wake the blog post reminders"));
}

export async function publishPost(actorId: string, id: number): Promise<TStatusChange> {
  const result = refreshPublicPages(await getDb().transaction((tx) => publishInTx(tx, actorId, id)));
  if (result.ok && result.changed) await announcePublished();
  return result;
}

/** Takes a post off the site, back to draft (or archived); the change is in the audit log. */
export async function unpublishPost(actorId: string, id: number, to: "draft" | "archived" = "draft"): Promise<TStatusChange> {
  return refreshPublicPages(
    await getDb().transaction(async (tx): Promise<TStatusChange> => {
      const [post] = await tx
        .select({ status: blogPosts.status, slug: blogPosts.slug })
        .from(blogPosts)
        .where(eq(blogPosts.id, id))
        .for("update");
      if (!post) return { ok: false, error: "That post no longer exists" };
      if (post.status === to) return { ok: true, slug: post.slug, changed: false };
      await tx.update(blogPosts).set({ status: to, updatedAt: new Date() }).where(eq(blogPosts.id, id));
      await recordAudit(tx, {
        actorId,
        action: to === "archived" ? "blog.archive" : "blog.unpublish",
        resourceType: "blog_post",
        resourceId: String(id),
        oldData: { status: post.status },
        newData: { status: to, slug: post.slug },
      });
      return { ok: true, slug: post.slug, changed: true };
    }),
  );
}
