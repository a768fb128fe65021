import { z } from "zod";
import type { TPreferenceValues } from "./notifications";

/** The eight switches of the "Notification Preferences" dialog, as the API takes them. */
export const ZPreferences = z.object({
  email: z.boolean(),
  inApp: z.boolean(),
  courseReminders: z.boolean(),
  subscriptionReminders: z.boolean(),
  blogUpdates: z.boolean(),
  academyAnnouncements: z.boolean(),
  zavChargeUpdates: z.boolean(),
  marketingEmails: z.boolean(),
}) satisfies z.ZodType<TPreferenceValues>;

/** Some of the switches, and nothing else: `{"email": false}`. */
export const ZPreferencesPatch = ZPreferences.partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, "Send one or more preference switches as true or false");
