import { and, eq, exists, inArray, ne, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { getDb, getDbHandle } from "../../db/client";
import { instanceId } from "../../instance-id";
import { chargerConnections } from "./schema";
import { chargingSessions } from "../sessions/schema";
import {
  callConnection,
  type TAvailability,
  type TChargerCall,
  type TChargerConnection,
  type TCommandResult,
  type TResetType,
} from "./charger-call";
import { relayChargerCommand } from "./relay-charger-command";
import { readAtScrape } from "../../metrics/registry";

// The one way the rest of the site talks to chargers (docs/product/zavcharge.md#chargers), whatever protocol
// they speak: the OCPP adapter (server/zavcharge/chargers/ocpp/) and the MQTT one register each live connection
// here, and pages, jobs and use cases call these functions, never ocpp-rpc.
//
// The registry lives on globalThis: the page bundle and server/main.ts are separate module graphs in one process.
// It holds this process's connections. With several instances a charger's socket is on one of them: a command
// for a charger held here is called directly; one held by another instance (charger_connections) is passed to it
// through the database (relay-charger-command.ts, docs/decisions/0036-charger-commands-across-instances.md).

export type { TAvailability, TChargerCall, TChargerConnection, TCommandResult, TResetType } from "./charger-call";

/** The connections one instance holds, and its id. A process is one instance; tests make a second (createChargerRegistry). */
export type TChargerRegistry = { readonly instanceId: string; readonly connections: Map<number, TChargerConnection> };

const KEY = Symbol.for("zavolah.zavcharge.charger-registry");
type THolder = { [KEY]?: TChargerRegistry };

/** This process's registry, under the process's instance id (server/instance-id.ts). */
export function processChargerRegistry(): TChargerRegistry {
  const g = globalThis as THolder;
  if (!g[KEY]) {
    const connections = new Map<number, TChargerConnection>();
    g[KEY] = {
      get instanceId() {
        return instanceId();
      },
      connections,
    };
    // How many chargers are connected here, by protocol (docs/operations.md#monitoring).
    readAtScrape("chargers_connected", () =>
      (["ocpp", "mqtt"] as const).map((protocol) => ({
        labels: { protocol },
        value: [...connections.values()].filter((c) => c.protocol === protocol).length,
      })),
    );
  }
  return g[KEY];
}

/** Another instance's registry in this process: only tests need one (a second OCPP server standing for another instance). */
export function createChargerRegistry(id: string): TChargerRegistry {
  return { instanceId: id, connections: new Map() };
}

/** Here: called directly. Elsewhere: passed to the instance that holds it, or offline when none does. */
function send(chargerId: number, call: TChargerCall): Promise<TCommandResult> {
  const here = processChargerRegistry();
  const c = here.connections.get(chargerId);
  return c ? callConnection(c, call) : relayChargerCommand(chargerId, call, here.instanceId);
}

/**
 * Registers a live connection; a previous one for the same charger is closed (the charger reconnected). Returns
 * the unregister function, which answers whether this connection was still the current one.
 */
export function registerChargerConnection(
  chargerId: number,
  connection: TChargerConnection,
  registry: TChargerRegistry = processChargerRegistry(),
): () => boolean {
  const map = registry.connections;
  const previous = map.get(chargerId);
  map.set(chargerId, connection);
  if (previous && previous !== connection) void previous.close();
  return () => {
    if (map.get(chargerId) !== connection) return false;
    map.delete(chargerId);
    return true;
  };
}

/** A condition on a charger id column: the charger is connected here, or to another instance (charger_connections). */
function reachableWhere(column: PgColumn): SQL {
  const here = processChargerRegistry();
  const local = [...here.connections.keys()];
  const elsewhere = exists(
    getDb()
      .select({ one: chargerConnections.chargerId })
      .from(chargerConnections)
      .where(and(eq(chargerConnections.chargerId, column), ne(chargerConnections.instanceId, here.instanceId))),
  );
  return local.length > 0 ? or(inArray(column, local), elsewhere)! : elsewhere;
}

export const chargerGateway = {
  /** Connected to this process (the maintenance windows and the watchdog act on their own connections). */
  isConnected: (chargerId: number) => processChargerRegistry().connections.has(chargerId),
  connectedChargerIds: () => [...processChargerRegistry().connections.keys()],
  /** Connected here or to another instance: a command would reach it. */
  async isReachable(chargerId: number): Promise<boolean> {
    if (chargerGateway.isConnected(chargerId)) return true;
    const [row] = await getDb()
      .select({ one: chargerConnections.chargerId })
      .from(chargerConnections)
      .where(and(eq(chargerConnections.chargerId, chargerId), ne(chargerConnections.instanceId, processChargerRegistry().instanceId)));
    return row !== undefined;
  },
  /**
   * Whether any charger could be reachable without asking the database: false only when none is connected here and
   * this is the one process on its database (PGlite), so pages skip the question.
   */
  mayReachAny: () => processChargerRegistry().connections.size > 0 || getDbHandle().kind !== "pglite",
  /** The SQL condition "this charger id is reachable", for a use case's own query. */
  reachableWhere,
  /** Drops a charger's connection here (the watchdog found it silent); it is marked offline when it closes. */
  async disconnect(chargerId: number): Promise<void> {
    await processChargerRegistry().connections.get(chargerId)?.close();
  },
  remoteStart: (chargerId: number, connectorId: number, idTag: string) =>
    send(chargerId, { action: "remoteStart", params: { connectorId, idTag } }),
  /** Stops a running session on the charger that runs it (the session id is the transactionId). */
  async remoteStop(transactionId: number): Promise<TCommandResult> {
    const [s] = await getDb()
      .select({ chargerId: chargingSessions.chargerId })
      .from(chargingSessions)
      .where(eq(chargingSessions.id, transactionId));
    if (!s?.chargerId) return { ok: false, reason: "failed", message: "This session does not run on a connected charger." };
    return send(s.chargerId, { action: "remoteStop", params: { transactionId } });
  },
  unlock: (chargerId: number, connectorId: number) => send(chargerId, { action: "unlock", params: { connectorId } }),
  reset: (chargerId: number, type: TResetType) => send(chargerId, { action: "reset", params: { type } }),
  changeAvailability: (chargerId: number, connectorId: number, type: TAvailability) =>
    send(chargerId, { action: "changeAvailability", params: { connectorId, type } }),
  changeConfiguration: (chargerId: number, key: string, value: string) =>
    send(chargerId, { action: "changeConfiguration", params: { key, value } }),
  triggerMessage: (chargerId: number, requestedMessage: string, connectorId?: number) =>
    send(chargerId, {
      action: "triggerMessage",
      params: connectorId === undefined ? { requestedMessage } : { requestedMessage, connectorId },
    }),
};
