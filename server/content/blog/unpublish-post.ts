import { eq } from "drizzle-orm";
import { refuse, succeed } from "@domain/errors/app-error";
import { recordAudit } from "../../audit/record-audit";
import { changePublicContent } from "../../http/page-cache";
import { blogPosts } from "../schema";
import type { TPostStatusChange } from "./mark-post-published";

/** Takes a post off the site, back to draft (or archived); the change is in the audit log. */
export async function unpublishPost(actorId: string, id: number, to: "draft" | "archived" = "draft"): Promise<TPostStatusChange> {
  return changePublicContent(async (tx): Promise<TPostStatusChange> => {
    const [post] = await tx
      .select({ status: blogPosts.status, slug: blogPosts.slug })
      .from(blogPosts)
      .where(eq(blogPosts.id, id))
      .for("update");
    if (!post) return refuse("not_found", "That post no longer exists");
    if (post.status === to) return succeed({ slug: post.slug, changed: false });
    await tx.update(blogPosts).set({ status: to, updatedAt: new Date() }).where(eq(blogPosts.id, id));
    await recordAudit(tx, {
      actorId,
      action: to === "archived" ? "blog.archive" : "blog.unpublish",
      resourceType: "blog_post",
      resourceId: String(id),
      oldData: { status: post.status },
      newData: { status: to, slug: post.slug },
    });
    return succeed({ slug: post.slug, changed: true });
  });
}
