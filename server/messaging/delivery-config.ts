import { env } from "../env";

// Which providers deliver the outbox, read from the environment once; tests build their own config.

export type TDeliveryConfig = {
  /** Provider names in the order to try them; unknown or unconfigured ones are skipped. */
  emailOrder: string[];
  klaviyo?: { apiKey: string; baseUrl: string };
  brevo?: { apiKey: string; baseUrl: string };
  smtpUrl?: string;
  smsOrder: string[];
  twilio?: { accountSid: string; authToken: string; from: string; baseUrl: string };
  termii?: { apiKey: string; senderId: string; channel: "generic" | "dnd"; baseUrl: string };
  /** MAIL_FROM, used unless the outbox row names its own sender (campaigns). */
  mailFrom: { email: string; name: string | null };
};

const list = (v: string) =>
  v
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

/** "Zavolah <no-reply@zavolah.ng>" or "no-reply@zavolah.ng" -> { email, name }. */
export function parseAddress(value: string): { email: string; name: string | null } {
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  return m ? { email: m[2]!.trim(), name: m[1]!.trim() || null } : { email: value.trim(), name: null };
}

export function deliveryConfigFromEnv(): TDeliveryConfig {
  return {
    emailOrder: list(env.EMAIL_PROVIDERS),
    klaviyo: env.KLAVIYO_API_KEY ? { apiKey: env.KLAVIYO_API_KEY, baseUrl: env.KLAVIYO_BASE_URL } : undefined,
    brevo: env.BREVO_API_KEY ? { apiKey: env.BREVO_API_KEY, baseUrl: env.BREVO_BASE_URL } : undefined,
    smtpUrl: env.SMTP_URL || undefined,
    smsOrder: list(env.SMS_PROVIDERS),
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM, baseUrl: env.TWILIO_BASE_URL }
        : undefined,
    termii: env.TERMII_API_KEY
      ? { apiKey: env.TERMII_API_KEY, senderId: env.TERMII_SENDER_ID, channel: env.TERMII_CHANNEL, baseUrl: env.TERMII_BASE_URL }
      : undefined,
    mailFrom: parseAddress(env.MAIL_FROM),
  };
}
