import { sql } from "drizzle-orm";
import { CHARGER_COMMAND_DELIVERY_MS } from "@domain/zavcharge/chargers/charger";
import { getDb, getDbHandle } from "../../db/client";
import { log } from "../../log";
import { callConnection, offline, ZChargerCall, type TCommandResult } from "./charger-call";
import type { TChargerRegistry } from "./charger-gateway";
import { ANSWERS_CHANNEL, COMMANDS_CHANNEL } from "./relay-charger-command";

// The instance that holds a charger's socket carries out the commands other instances route to it
// (docs/product/zavcharge.md#chargers, docs/decisions/0036-charger-commands-across-instances.md): woken by a NOTIFY,
// it claims a command with one conditional update (still queued, routed here, to the connection it still holds, and
// asked within the delivery window), calls the charger once, and writes the answer for the asker. A command is
// claimed by one instance at most once, so it reaches the charger at most once.

type TRow = { charger_id: number; action: string; params: unknown };

/** Claims a queued command routed to this instance, calls the charger, and writes and announces its answer. */
async function carryOut(registry: TChargerRegistry, id: number): Promise<void> {
  const db = getDb();
  const claimed = await db.execute(sql`
    update charger_commands c set status = 'sent', sent_at = now()
    where c.id = ${id} and c.status = 'queued' and c.instance_id = ${registry.instanceId}
      and c.requested_at > now() - make_interval(secs => ${CHARGER_COMMAND_DELIVERY_MS / 1000})
      and exists (
        select 1 from charger_connections k
        where k.charger_id = c.charger_id and k.instance_id = c.instance_id and k.epoch = c.epoch
      )
    returning c.charger_id, c.action, c.params`);
  const row = (claimed as unknown as { rows: TRow[] }).rows[0];
  if (!row) return;
  const call = ZChargerCall.safeParse({ action: row.action, params: row.params });
  const connection = registry.connections.get(Number(row.charger_id));
  let result: TCommandResult;
  if (!call.success) result = { ok: false, reason: "failed", message: "The command could not be read." };
  else if (!connection) result = offline();
  else result = await callConnection(connection, call.data);
  // The charger's answer stands even if the upkeep already called the command unknown (it is the better truth).
  await db.execute(sql`
    with answered as (
      update charger_commands set status = ${result.ok ? "answered" : "failed"}, result = ${JSON.stringify(result)}::jsonb,
        answered_at = now()
      where id = ${id} and status in ('sent', 'unknown')
      returning id
    )
    select pg_notify(${ANSWERS_CHANNEL}, id::text) from answered`);
}

/** Queued commands routed to this instance still within their delivery window (missed while the LISTEN was down). */
async function queuedFor(instanceId: string): Promise<number[]> {
  const res = await getDb().execute(sql`
    select id from charger_commands
    where instance_id = ${instanceId} and status = 'queued'
      and requested_at > now() - make_interval(secs => ${CHARGER_COMMAND_DELIVERY_MS / 1000})
    order by id`);
  return (res as unknown as { rows: { id: string | number }[] }).rows.map((r) => Number(r.id));
}

/** Starts carrying out the commands routed to this registry's instance. Resolves to the stop function. */
export async function serveChargerCommands(registry: TChargerRegistry): Promise<() => Promise<void>> {
  const running = new Set<Promise<void>>();
  const take = (id: number) => {
    const p = carryOut(registry, id).catch((err: unknown) => log.error({ err, commandId: id }, "charger commands: could not carry out"));
    running.add(p);
    void p.finally(() => running.delete(p));
  };
  const pickUp = () =>
    void queuedFor(registry.instanceId).then(
      (ids) => ids.forEach(take),
      (err: unknown) => log.warn({ err }, "charger commands: could not read queued commands"),
    );
  const unlisten = await getDbHandle().listen(
    COMMANDS_CHANNEL,
    (payload) => {
      const [id, to] = payload.split(" ");
      if (to === registry.instanceId && Number.isSafeInteger(Number(id))) take(Number(id));
    },
    pickUp,
  );
  pickUp();
  return async () => {
    await unlisten();
    while (running.size > 0) await Promise.allSettled([...running]);
  };
}
