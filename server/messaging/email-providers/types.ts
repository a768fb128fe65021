import type { TProvider } from "../delivery-chain";

/** One e-mail as every provider gets it; `reference` is the outbox row id (idempotency and logs). */
export type TEmailMessage = {
  reference: string;
  to: string;
  toName: string | null;
  from: { email: string; name: string | null };
  subject: string;
  html: string;
  text: string;
  /** The outbox kind, plus "marketing" for marketing mail. */
  tags: string[];
};

export type TEmailProvider = TProvider<TEmailMessage>;
