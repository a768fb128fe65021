import { bumpContentVersion } from "../../http/page-cache";
import { runJobNow } from "../../jobs/scheduler";
import { log } from "../../log";
import { BLOG_POST_REMINDERS } from "../../notifications/reminders/blog-post-reminders";

/** Cached public pages (blog list, home, sitemap) must not outlive a change of what is published. */
export function refreshPublicPages<T extends { ok: boolean }>(result: T): T {
  if (result.ok) bumpContentVersion();
  return result;
}

/** After the commit that published a post: readers hear of it now, not at the next hourly reminder run. */
export async function announcePublished() {
  await runJobNow(BLOG_POST_REMINDERS).catch((error) => log.error({ error }, "could not wake the blog post reminders"));
}
