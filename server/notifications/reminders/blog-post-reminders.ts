import { and, desc, eq, gt } from "drizzle-orm";
import { users } from "../../auth/schema";
import { blogPosts } from "../../content/schema";
import { getDb } from "../../db/client";
import type { TJob } from "../../jobs/scheduler";
import { remindOnce, type TReminder } from "./remind-once";

export const BLOG_POST_REMINDERS = "blog-post-reminders";
const PERIOD_SECONDS = 3600;
const MAX_POSTS = 10;
// Posts are looked for a little before the last check too: a post published while the previous run was
// reading could otherwise fall between two runs. reminder_log keeps the overlap from sending twice.
const OVERLAP_MS = 10 * 60_000;

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
    const mark =
      typeof state.lastBlogCheck === "string" ? new Date(state.lastBlogCheck) : new Date(startedAt.getTime() - PERIOD_SECONDS * 1000);
    const posts = await getDb()
      .select({ id: blogPosts.id, slug: blogPosts.slug, title: blogPosts.title, publishedAt: blogPosts.publishedAt })
      .from(blogPosts)
      .where(and(eq(blogPosts.status, "published"), gt(blogPosts.publishedAt, new Date(mark.getTime() - OVERLAP_MS))))
      .orderBy(desc(blogPosts.publishedAt))
      .limit(MAX_POSTS);
    if (posts.length > 0) {
      const readers = await getDb().select({ id: users.id, joinedAt: users.createdAt }).from(users).orderBy(users.id);
      // A post is news only to people who had joined when it came out.
      const reminders: TReminder[] = posts.flatMap((post) =>
        readers
          .filter((reader) => reader.joinedAt <= post.publishedAt!)
          .map((reader) => ({
            userId: reader.id,
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
          })),
      );
      await remindOnce(reminders);
    }
    return { lastBlogCheck: startedAt.toISOString() };
  },
};
