// Messages between a buyer and a seller about one part of an order (docs/product/marketplace.md#messages).

export const MESSAGE_MAX = 1000;
/** Messages one person may send about one part in an hour: enough to talk, too few to flood. */
export const MESSAGES_PER_HOUR = 20;
export const MESSAGES_SHOWN = 50;

export type TMessageView = {
  id: number;
  /** Sent by the person viewing. */
  mine: boolean;
  senderName: string;
  body: string;
  photo: { small: string; large: string; width: number; height: number } | null;
  createdAt: string;
};
