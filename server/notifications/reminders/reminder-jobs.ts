import type { TJob } from "../../jobs/scheduler";
import { academyAnnouncementReminders } from "./academy-announcement-reminders";
import { assignmentDueReminders } from "./assignment-due-reminders";
import { blogPostReminders } from "./blog-post-reminders";
import { courseDeadlineReminders } from "./course-deadline-reminders";
import { liveSessionReminders } from "./live-session-reminders";
import { subscriptionRenewalReminders } from "./subscription-renewal-reminders";
import { zavchargeMaintenanceReminders } from "./zavcharge-maintenance-reminders";

/**
 * Every reminder kind, each a scheduled job. A new kind (course deadlines, academy announcements, ZavCharge
 * maintenance) is one module like these: find the due items, then remindOnce (sent once per user and item).
 */
export const REMINDER_JOBS: TJob[] = [
  blogPostReminders,
  subscriptionRenewalReminders,
  courseDeadlineReminders,
  academyAnnouncementReminders,
  assignmentDueReminders,
  liveSessionReminders,
  zavchargeMaintenanceReminders,
];
