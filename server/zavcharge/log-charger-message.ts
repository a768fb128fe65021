import { CHARGER_MESSAGE_MAX_CHARS } from "@domain/zavcharge/charger";
import { getDb } from "../db/client";
import { log } from "../log";
import { chargerMessages } from "./schema";

export type TChargerMessage = {
  chargerId: number;
  direction: "in" | "out";
  action: string;
  messageId?: string | null;
  payload?: unknown;
  errorCode?: string | null;
};

/** A payload as stored: whole when its JSON is small, otherwise its first few KB as text. */
function storedPayload(payload: unknown): unknown {
  if (payload === undefined) return null;
  const json = JSON.stringify(payload) ?? "null";
  if (json.length <= CHARGER_MESSAGE_MAX_CHARS) return payload;
  return { truncated: true, chars: json.length, text: json.slice(0, CHARGER_MESSAGE_MAX_CHARS) };
}

/**
 * Writes one message to a charger's log (docs/product/zavcharge.md#chargers). Logging never breaks the
 * conversation with the charger: a failure is reported and swallowed.
 */
export async function logChargerMessage(m: TChargerMessage): Promise<void> {
  try {
    await getDb()
      .insert(chargerMessages)
      .values({
        chargerId: m.chargerId,
        direction: m.direction,
        action: m.action.slice(0, 64),
        messageId: m.messageId?.slice(0, 64) ?? null,
        payload: storedPayload(m.payload),
        errorCode: m.errorCode?.slice(0, 64) ?? null,
      });
  } catch (err) {
    log.warn({ err, chargerId: m.chargerId, action: m.action }, "charger message not logged");
  }
}
