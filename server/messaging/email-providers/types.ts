import type { TProvider } from "../delivery-chain";

/** One e-mail as every provider gets it; `reference` is the outbox row id (idempotency and logs). */
export type TEmailMessage = {
  reference: string;
  /**
   * The outbox row's own UUID, the same on every attempt: a provider that honours it (Brevo) delivers the message
   * once however often a worker that died after sending it makes us send it again.
   */
  idempotencyKey: string;
  to: string;
  toName: string | null;
  from: { email: string; name: string | null };
  subject: string;
  html: string;
  text: string;
  /** The outbox kind, plus "marketing" for marketing mail. */
  tags: string[];
  /**
   * Marketing mail only: the recipient's one-click unsubscribe address, sent as the List-Unsubscribe and
   * List-Unsubscribe-Post headers (RFC 8058; docs/product/messaging.md#providers) so mail apps can offer the button.
   */
  unsubscribeUrl: string | null;
};

export type TEmailProvider = TProvider<TEmailMessage>;
