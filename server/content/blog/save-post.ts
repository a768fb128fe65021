import { and, eq, like, ne, or } from "drizzle-orm";
import type { TBlogPostInput } from "@domain/content/blog-input";
import { slugify } from "@domain/text/slug";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { type DbOrTx } from "../../db/client";
import { inTransaction } from "../../db/in-transaction";
import { blogPosts } from "../schema";
import { markPostPublished } from "./mark-post-published";
import { refreshPublicPages } from "../../http/page-cache";
import { announcePublished } from "./publication-effects";

/** The slug, or the slug with -2, -3, ... when another post has it. */
/** The title's slug ("post" for a title of signs only), with -2, -3... when another post has it. */
async function uniqueSlug(tx: DbOrTx, title: string, exceptId?: number): Promise<string> {
  const base = slugify(title) || "post";
  const rows = await tx
    .select({ slug: blogPosts.slug })
    .from(blogPosts)
    .where(and(or(eq(blogPosts.slug, base), like(blogPosts.slug, `${base}-%`)), exceptId ? ne(blogPosts.id, exceptId) : undefined));
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Creates (no id) or updates a post from the admin form. A new post is a draft; an update keeps the status;
 * `publish` also publishes it, in the same transaction. The slug follows the title until the post is first
 * published, then stays, so shared links keep working.
 */
export async function savePost(
  actor: { id: string; name: string },
  input: TBlogPostInput,
  { id, publish = false }: { id?: number; publish?: boolean } = {},
): Promise<TResult<{ id: number; slug: string; status: string }>> {
  // Editing a published post changes public pages too.
  const result = refreshPublicPages(
    await inTransaction(async (tx) => {
      const now = new Date();
      let postId: number;
      let slug: string;
      let status: string;
      if (id === undefined) {
        slug = await uniqueSlug(tx, input.title);
        const [row] = await tx
          .insert(blogPosts)
          .values({ ...input, slug, author: actor.name, authorId: actor.id, status: "draft", createdAt: now, updatedAt: now })
          .returning({ id: blogPosts.id, status: blogPosts.status });
        postId = row!.id;
        status = row!.status;
      } else {
        const [existing] = await tx
          .select({ slug: blogPosts.slug, title: blogPosts.title, status: blogPosts.status, publishedAt: blogPosts.publishedAt })
          .from(blogPosts)
          .where(eq(blogPosts.id, id))
          .for("update");
        if (!existing) return refuse("not_found", "That post no longer exists");
        slug = existing.publishedAt || existing.title === input.title ? existing.slug : await uniqueSlug(tx, input.title, id);
        await tx
          .update(blogPosts)
          .set({ ...input, slug, updatedAt: now })
          .where(eq(blogPosts.id, id));
        postId = id;
        status = existing.status;
      }
      if (publish) {
        const published = await markPostPublished(tx, actor.id, postId);
        if (!published.ok) return published; // rolls the save back with it
        status = "published";
      }
      return succeed({ id: postId, slug, status });
    }),
  );
  if (result.ok && publish) await announcePublished();
  return result;
}
