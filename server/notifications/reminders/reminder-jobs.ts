import type { TJob } from "../../jobs/scheduler";
import { blogPostReminders } from "./blog-post-reminders";
import { subscriptionRenewalReminders } from "./subscription-renewal-reminders";

/**
 * Every reminder kind, each a scheduled job. A new kind (course deadlines, academy announcements, ZavCharge
 * maintenance) is one module like these: find the due items, then remindOnce (sent once per user and item).
 */
export const REMINDER_JOBS: TJob[] = [blogPostReminders, subscriptionRenewalReminders];
