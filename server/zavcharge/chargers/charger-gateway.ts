import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { chargingSessions } from "../schema";

// The one way the rest of the site talks to chargers (docs/product/zavcharge.md#chargers), whatever protocol
// they speak: the OCPP adapter (server/zavcharge/chargers/ocpp/) and later the MQTT one register each live connection
// here, and pages, jobs and use cases call these functions, never ocpp-rpc.
//
// The registry lives on globalThis: the page bundle and server/main.ts are separate module graphs in one process.
// It holds this process's connections only; with several instances a charger is reachable from the instance its
// socket landed on.

export type TAvailability = "Operative" | "Inoperative";
export type TResetType = "Hard" | "Soft";

/** What a charger answered (its OCPP status: Accepted, Rejected, Scheduled...), or why nothing was sent. */
export type TCommandResult = { ok: true; status: string } | { ok: false; reason: "offline" | "failed"; message: string };

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

const KEY = Symbol.for("zavolah.zavcharge.charger-connections");
type THolder = { [KEY]?: Map<number, TChargerConnection> };

function connections(): Map<number, TChargerConnection> {
  const g = globalThis as THolder;
  return (g[KEY] ??= new Map());
}

const offline = (): TCommandResult => ({ ok: false, reason: "offline", message: "The charger is not connected." });

function withConnection(chargerId: number, fn: (c: TChargerConnection) => Promise<TCommandResult>): Promise<TCommandResult> {
  const c = connections().get(chargerId);
  return c ? fn(c) : Promise.resolve(offline());
}

/**
 * Registers a live connection; a previous one for the same charger is closed (the charger reconnected). Returns
 * the unregister function, which answers whether this connection was still the current one.
 */
export function registerChargerConnection(chargerId: number, connection: TChargerConnection): () => boolean {
  const map = connections();
  const previous = map.get(chargerId);
  map.set(chargerId, connection);
  if (previous && previous !== connection) void previous.close();
  return () => {
    if (map.get(chargerId) !== connection) return false;
    map.delete(chargerId);
    return true;
  };
}

export const chargerGateway = {
  isConnected: (chargerId: number) => connections().has(chargerId),
  connectedChargerIds: () => [...connections().keys()],
  /** Drops a charger's connection here (the watchdog found it silent); it is marked offline when it closes. */
  async disconnect(chargerId: number): Promise<void> {
    await connections().get(chargerId)?.close();
  },
  remoteStart: (chargerId: number, connectorId: number, idTag: string) =>
    withConnection(chargerId, (c) => c.remoteStart(connectorId, idTag)),
  /** Stops a running session on the charger that runs it (the session id is the transactionId). */
  async remoteStop(transactionId: number): Promise<TCommandResult> {
    const [s] = await getDb()
      .select({ chargerId: chargingSessions.chargerId })
      .from(chargingSessions)
      .where(eq(chargingSessions.id, transactionId));
    if (!s?.chargerId) return { ok: false, reason: "failed", message: "This session does not run on a connected charger." };
    return withConnection(s.chargerId, (c) => c.remoteStop(transactionId));
  },
  unlock: (chargerId: number, connectorId: number) => withConnection(chargerId, (c) => c.unlock(connectorId)),
  reset: (chargerId: number, type: TResetType) => withConnection(chargerId, (c) => c.reset(type)),
  changeAvailability: (chargerId: number, connectorId: number, type: TAvailability) =>
    withConnection(chargerId, (c) => c.changeAvailability(connectorId, type)),
  changeConfiguration: (chargerId: number, key: string, value: string) =>
    withConnection(chargerId, (c) => c.changeConfiguration(key, value)),
  triggerMessage: (chargerId: number, requestedMessage: string, connectorId?: number) =>
    withConnection(chargerId, (c) => c.triggerMessage(requestedMessage, connectorId)),
};
