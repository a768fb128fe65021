import type { TCartSummary } from "@domain/cart/cart";
import type { TActionAnswer } from "~/lib/action-answer";

/** What /cart/add and /cart/update answer a fetcher: the toast, and on success the message and new summary. */
export type TCartAnswer = TActionAnswer<{ message: string; capped: boolean; cart: TCartSummary }>;
