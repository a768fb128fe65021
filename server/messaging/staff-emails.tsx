import { Text } from "@react-email/components";
import type { TEmail } from "./email-layout";
import { Action, Details, Footnote, P, Quote } from "./templates/blocks";
import { EmailLayout } from "./templates/layout";
import { renderEmail } from "./templates/render";

/** The staff notification (docs/product/messaging.md#templates); actionUrl/actionLabel add a button to the place where the work is done. */
export type TStaffNotification = {
  staffName: string;
  staffEmail: string;
  priority: "high" | "medium" | "low";
  subject: string;
  message: string;
  actionRequired: string;
  actionUrl?: string;
  actionLabel?: string;
};

// The bell's colours (high red, medium yellow, else blue: docs/product/notifications-and-reminders.md), darkened for white text.
const PRIORITY_COLOUR = { high: "#b91c1c", medium: "#a16207", low: "#1d4ed8" } as const;

export function staffNotificationEmail(n: TStaffNotification): TEmail {
  return renderEmail(
    `[${n.priority.toUpperCase()}] ${n.subject}`,
    <EmailLayout preview={`${n.priority} priority: ${n.actionRequired}`} heading={n.subject}>
      <Text style={{ margin: "0 0 16px" }}>
        <span
          style={{
            display: "inline-block",
            backgroundColor: PRIORITY_COLOUR[n.priority],
            color: "#ffffff",
            padding: "4px 10px",
            borderRadius: "999px",
            fontSize: "12px",
            fontWeight: "bold",
            textTransform: "uppercase",
          }}
        >
          {n.priority} priority
        </span>
      </Text>
      <P>Hello {n.staffName},</P>
      <Quote>{n.message}</Quote>
      <Details
        rows={[
          ["Priority", n.priority],
          ["Action required", n.actionRequired],
        ]}
      />
      {n.actionUrl ? <Action label={n.actionLabel ?? "Open in Zavolah"} url={n.actionUrl} /> : null}
      <Footnote>Sent to {n.staffEmail} by the Zavolah website.</Footnote>
    </EmailLayout>,
  );
}
