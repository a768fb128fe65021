import { and, eq, gt, lte } from "drizzle-orm";
import { formatKobo } from "@domain/money/money";
import { formatLagosDateLong } from "@domain/time/lagos-time";
import { getDb } from "../../db/client";
import type { TJob } from "../../jobs/scheduler";
import { subscriptions } from "../../subscriptions/schema";
import { remindOnce } from "./remind-once";

const DAY_MS = 86_400_000;
const WINDOW_DAYS = 7;

/**
 * Renewals (docs/product/notifications-and-reminders.md): every 24 h, each active plan that ends within the next 7 days, priority high.
 * The item key carries the expiry, so a plan renewed to a new end date is reminded again before that one.
 */
export const subscriptionRenewalReminders: TJob = {
  name: "subscription-renewal-reminders",
  label: "Subscription renewal reminders",
  description: "Reminds customers whose plan ends within 7 days to renew it.",
  periodSeconds: 24 * 3600,
  async run({ startedAt }) {
    const now = startedAt.getTime();
    const due = await getDb()
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.status, "active"),
          gt(subscriptions.expiresAt, startedAt),
          lte(subscriptions.expiresAt, new Date(now + WINDOW_DAYS * DAY_MS)),
        ),
      );
    await remindOnce(
      due.map((sub) => {
        const days = Math.ceil((sub.expiresAt.getTime() - now) / DAY_MS);
        const date = formatLagosDateLong(sub.expiresAt);
        return {
          userId: sub.userId,
          kind: "subscription_renewal",
          itemKey: `${sub.id}:${sub.expiresAt.toISOString()}`,
          notification: {
            type: "subscription_renewal" as const,
            title: "Subscription renewal",
            message: `Your plan ends on ${date}, in ${days} day${days === 1 ? "" : "s"}. Renew to keep charging: ${sub.planName} (${formatKobo(sub.priceKobo)})`,
            priority: "high" as const,
            emailSubject: `Subscription renewal: your ${sub.planName} ends on ${date}`,
            // ZavCharge sells the plans today: its renewal page (docs/product/zavcharge.md#plans).
            link: sub.product === "zavcharge" ? "/zavcharge/renew" : "/account",
            metadata: { subscriptionId: sub.id, planName: sub.planName, expiresAt: sub.expiresAt.toISOString() },
          },
        };
      }),
    );
  },
};
