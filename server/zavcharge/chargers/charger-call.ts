import { z } from "zod";

// A command for a charger, in protocol-neutral terms (docs/product/zavcharge.md#chargers): the connection each
// adapter registers in the gateway, what a charger answered, and a command as data, as it travels between
// instances (charger_commands, docs/decisions/0036-charger-commands-across-instances.md).

export type TAvailability = "Operative" | "Inoperative";
export type TResetType = "Hard" | "Soft";

/** What a charger answered (its OCPP status: Accepted, Rejected, Scheduled...), or why nothing was sent. */
export type TCommandResult = { ok: true; status: string } | { ok: false; reason: "offline" | "failed"; message: string };

export const ZCommandResult = z.union([
  z.object({ ok: z.literal(true), status: z.string() }),
  z.object({ ok: z.literal(false), reason: z.enum(["offline", "failed"]), message: z.string() }),
]);

/** One live connection to a charger, in protocol-neutral terms. */
export interface TChargerConnection {
  readonly protocol: "ocpp" | "mqtt";
  remoteStart(connectorId: number, idTag: string): Promise<TCommandResult>;
  remoteStop(transactionId: number): Promise<TCommandResult>;
  unlock(connectorId: number): Promise<TCommandResult>;
  reset(type: TResetType): Promise<TCommandResult>;
  changeAvailability(connectorId: number, type: TAvailability): Promise<TCommandResult>;
  changeConfiguration(key: string, value: string): Promise<TCommandResult>;
  triggerMessage(requestedMessage: string, connectorId?: number): Promise<TCommandResult>;
  /** Drops the connection (a newer one replaced it, or the watchdog found it silent). */
  close(): Promise<void>;
}

/**
 * A connection's commands as OCPP 1.6 calls (action and payload), each sent by the adapter's `send`: a call on the
 * charger's websocket, or a message on its MQTT topic.
 */
export function ocppCommands(
  send: (action: string, payload: Record<string, unknown>) => Promise<TCommandResult>,
): Omit<TChargerConnection, "protocol" | "close"> {
  return {
    remoteStart: (connectorId, idTag) => send("RemoteStartTransaction", { connectorId, idTag }),
    remoteStop: (transactionId) => send("RemoteStopTransaction", { transactionId }),
    unlock: (connectorId) => send("UnlockConnector", { connectorId }),
    reset: (type) => send("Reset", { type }),
    changeAvailability: (connectorId, type) => send("ChangeAvailability", { connectorId, type }),
    changeConfiguration: (key, value) => send("ChangeConfiguration", { key, value }),
    triggerMessage: (requestedMessage, connectorId) =>
      send("TriggerMessage", connectorId === undefined ? { requestedMessage } : { requestedMessage, connectorId }),
  };
}

const connectorId = z.number().int().min(0);
/** A command as data, as it travels between instances (charger_commands.action and params). */
export const ZChargerCall = z.discriminatedUnion("action", [
  z.object({ action: z.literal("remoteStart"), params: z.object({ connectorId, idTag: z.string().max(20) }) }),
  z.object({ action: z.literal("remoteStop"), params: z.object({ transactionId: z.number().int() }) }),
  z.object({ action: z.literal("unlock"), params: z.object({ connectorId }) }),
  z.object({ action: z.literal("reset"), params: z.object({ type: z.enum(["Hard", "Soft"]) }) }),
  z.object({ action: z.literal("changeAvailability"), params: z.object({ connectorId, type: z.enum(["Operative", "Inoperative"]) }) }),
  z.object({ action: z.literal("changeConfiguration"), params: z.object({ key: z.string().max(50), value: z.string().max(500) }) }),
  z.object({
    action: z.literal("triggerMessage"),
    params: z.object({ requestedMessage: z.string().max(50), connectorId: connectorId.optional() }),
  }),
]);
export type TChargerCall = z.infer<typeof ZChargerCall>;

/** Makes the call on a live connection. */
export function callConnection(c: TChargerConnection, call: TChargerCall): Promise<TCommandResult> {
  switch (call.action) {
    case "remoteStart":
      return c.remoteStart(call.params.connectorId, call.params.idTag);
    case "remoteStop":
      return c.remoteStop(call.params.transactionId);
    case "unlock":
      return c.unlock(call.params.connectorId);
    case "reset":
      return c.reset(call.params.type);
    case "changeAvailability":
      return c.changeAvailability(call.params.connectorId, call.params.type);
    case "changeConfiguration":
      return c.changeConfiguration(call.params.key, call.params.value);
    case "triggerMessage":
      return c.triggerMessage(call.params.requestedMessage, call.params.connectorId);
  }
}

export const offline = (): TCommandResult => ({ ok: false, reason: "offline", message: "The charger is not connected." });
