import type { TProvider } from "../delivery-chain";

/** One SMS: `to` is +234… (enqueueSms normalised it); `reference` is the outbox row id. */
export type TSmsMessage = { reference: string; to: string; text: string };

export type TSmsProvider = TProvider<TSmsMessage>;
