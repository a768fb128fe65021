import { runJobNow } from "../../jobs/scheduler";
import { log } from "../../log";
import { BLOG_POST_REMINDERS } from "../../notifications/reminders/blog-post-reminders";

/** After the commit that published a post: readers hear of it now, not at the next hourly reminder run. */
export async function announcePublished() {
  await runJobNow(BLOG_POST_REMINDERS).catch((error) => log.error({ error }, "could not wake the blog post reminders"));
}
