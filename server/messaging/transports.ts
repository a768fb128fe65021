import { deliveryConfigFromEnv, type TDeliveryConfig } from "./delivery-config";
import { createBrevo } from "./email-providers/brevo";
import { createKlaviyo } from "./email-providers/klaviyo";
import { mailboxProvider } from "./email-providers/mailbox";
import { createSmtp } from "./email-providers/smtp";
import type { TEmailProvider } from "./email-providers/types";
import { createTermii } from "./sms/termii";
import { createTwilio } from "./sms/twilio";
import type { TSmsProvider } from "./sms/types";

/** The providers the outbox job delivers through, in the order they are tried. */
export type TDelivery = {
  email: TEmailProvider[];
  sms: TSmsProvider[];
  /** False when e-mail only reaches the local mailbox. */
  realEmail: boolean;
  mailFrom: TDeliveryConfig["mailFrom"];
};

/** A provider is used only when configured: Klaviyo and Brevo with their key (docs/product/messaging.md#providers), SMTP with SMTP_URL. */
const EMAIL_PROVIDERS: Record<string, (c: TDeliveryConfig) => (() => TEmailProvider) | null> = {
  klaviyo: (c) => (c.klaviyo ? () => createKlaviyo(c.klaviyo!) : null),
  brevo: (c) => (c.brevo ? () => createBrevo(c.brevo!) : null),
  smtp: (c) => (c.smtpUrl ? () => createSmtp(c.smtpUrl!) : null),
};

const configuredEmail = (c: TDeliveryConfig) =>
  [...new Set(c.emailOrder)].map((n) => EMAIL_PROVIDERS[n]?.(c) ?? null).filter((make) => make !== null);

function smsProvider(name: string, c: TDeliveryConfig): TSmsProvider | null {
  if (name === "termii") return c.termii ? createTermii(c.termii) : null;
  if (name === "twilio") return c.twilio ? createTwilio(c.twilio) : null;
  return null;
}

/**
 * The configured providers in the configured order. With no real e-mail provider, the local mailbox: sign-up
 * works on a fresh machine. With no SMS provider, an empty list: SMS wait in the outbox (see deliver-outbox).
 */
export function createDelivery(config: TDeliveryConfig = deliveryConfigFromEnv()): TDelivery {
  const email = configuredEmail(config).map((make) => make());
  const sms = [...new Set(config.smsOrder)].map((n) => smsProvider(n, config)).filter((p) => p !== null);
  return { email: email.length ? email : [mailboxProvider], sms, realEmail: email.length > 0, mailFrom: config.mailFrom };
}

/** Whether e-mail leaves this machine (the mailbox then hides sign-in links from admins). */
export function realEmailConfigured(config: TDeliveryConfig = deliveryConfigFromEnv()): boolean {
  return configuredEmail(config).length > 0;
}

/** Whether SMS leave this machine: without a provider they wait in the outbox, so nothing may depend on one arriving. */
export function smsConfigured(config: TDeliveryConfig = deliveryConfigFromEnv()): boolean {
  return [...new Set(config.smsOrder)].some((n) => smsProvider(n, config) !== null);
}
