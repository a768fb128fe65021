// What the browser knows of a notification (server/notifications/inbox.ts builds it), and the bell's rules.
// Isomorphic and free of zod: it ships in the bell's chunk.

export type TNotificationView = {
  id: number;
  type: string;
  title: string;
  message: string;
  priority: "high" | "medium" | "low";
  link: string | null;
  read: boolean;
  /** ISO time. */
  createdAt: string;
};

export type TNotificationPage = { notifications: TNotificationView[]; unread: number };

/** The badge shows 99+ above 99 (docs/product/notifications-and-reminders.md#the-bell). */
export function badgeText(unread: number): string {
  return unread > 99 ? "99+" : String(unread);
}

export function unreadText(unread: number): string {
  return `${unread} unread notification${unread === 1 ? "" : "s"}`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];

/** "5 minutes ago", "yesterday", "just now" (en-NG). */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Math.abs(seconds) < 45) return "just now";
  const rtf = new Intl.RelativeTimeFormat("en-NG", { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === "minute") return rtf.format(Math.round(seconds / size), unit);
  }
  return "just now";
}

/** The eight switches of the "Notification Preferences" dialog, in three cards (docs/product/notifications-and-reminders.md). */
export const PREFERENCE_CARDS = [
  {
    title: "Communication Channels",
    items: [
      { key: "email", label: "Email Notifications", hint: "Get a copy of reminders by e-mail." },
      { key: "inApp", label: "In-App Notifications", hint: "Show notifications under the bell." },
    ],
  },
  {
    title: "Content & Updates",
    items: [
      { key: "courseReminders", label: "Course Deadlines", hint: "Enrolment deadlines of academy courses." },
      { key: "subscriptionReminders", label: "Subscription Renewals", hint: "Before a plan or subscription expires." },
      { key: "blogUpdates", label: "Blog Posts & Updates", hint: "New articles on the blog." },
      { key: "academyAnnouncements", label: "Academy Announcements", hint: "New courses and academy news." },
      { key: "zavChargeUpdates", label: "ZavCharge Maintenance", hint: "Planned maintenance at charging stations." },
    ],
  },
  {
    title: "Marketing",
    items: [{ key: "marketingEmails", label: "Marketing Emails", hint: "Offers and product news. Off unless you turn it on." }],
  },
] as const;

export type TPreferenceKey = (typeof PREFERENCE_CARDS)[number]["items"][number]["key"];
export type TPreferenceValues = Record<TPreferenceKey, boolean>;

/** Everything on except marketing e-mail, which needs the user's own yes (NDPA 2023). No stored row means these. */
export const DEFAULT_PREFERENCES: TPreferenceValues = {
  email: true,
  inApp: true,
  courseReminders: true,
  subscriptionReminders: true,
  blogUpdates: true,
  academyAnnouncements: true,
  zavChargeUpdates: true,
  marketingEmails: false,
};
