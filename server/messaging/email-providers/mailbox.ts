import type { TEmailProvider } from "./types";

/**
 * The local mailbox: the outbox row itself, marked sent, is the mail admins read at /admin/mailbox. Used only
 * when no real provider is configured, never as a fallback after one failed: that would mark sent a message
 * nobody receives.
 */
export const mailboxProvider: TEmailProvider = {
  name: "mailbox",
  label: "Local mailbox",
  send: async (msg) => ({ messageId: `mailbox-${msg.reference}` }),
};
