import { and, desc, eq, gt } from "drizzle-orm";
import { blogPosts } from "../../content/schema";
import { getDb } from "../../db/client";
import type { TJob } from "../../jobs/scheduler";
import { announcePublished, publishedSince } from "./announce-published";

export const BLOG_POST_REMINDERS = "blog-post-reminders";
const PERIOD_SECONDS = 3600;
const MAX_POSTS = 10;

/**
 * Blog posts (docs/product/notifications-and-reminders.md): hourly, up to 10 published posts newer than the last check, to all users (their
 * preferences decide in-app and e-mail). The first run has no mark and looks back one period, so a
 * post published just before the first start is announced but the existing archive is not.
 * Publishing a post runs this job at once (server/content/blog/publish-post.ts).
 */
export const blogPostReminders: TJob = {
  name: BLOG_POST_REMINDERS,
  label: "Blog post reminders",
  description: "Tells users about newly published blog posts (up to 10 a run).",
  periodSeconds: PERIOD_SECONDS,
  async run({ state, startedAt }) {
    const posts = await getDb()
      .select({ id: blogPosts.id, slug: blogPosts.slug, title: blogPosts.title, publishedAt: blogPosts.publishedAt })
      .from(blogPosts)
      .where(
        and(eq(blogPosts.status, "published"), gt(blogPosts.publishedAt, publishedSince(state.lastBlogCheck, startedAt, PERIOD_SECONDS))),
      )
      .orderBy(desc(blogPosts.publishedAt))
      .limit(MAX_POSTS);
    await announcePublished(posts, (post) => ({
      kind: "blog_post",
      itemKey: String(post.id),
      notification: {
        type: "blog_post" as const,
        title: "New on the Zavolah blog",
        message: `New blog post: ${post.title}`,
        emailSubject: `New on the Zavolah blog: ${post.title}`,
        link: `/blog/${post.slug}`,
        metadata: { postId: post.id },
      },
    }));
    return { lastBlogCheck: startedAt.toISOString() };
  },
};
