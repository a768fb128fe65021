import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { ZChargerCommand, type TChargerCommand } from "@domain/zavcharge/chargers/charger-input";
import { recordAudit } from "../../audit/record-audit";
import { getDb } from "../../db/client";
import { chargerGateway, type TCommandResult } from "./charger-gateway";
import { refuseUnlessStaff } from "../network/staff-only";

/**
 * Staff send a charger a command from its page (docs/product/zavcharge.md#chargers): reset, unlock a connector,
 * change availability or a configuration key, ask for a message, or stop a running transaction. What was sent
 * and the charger's answer are audited; the charger's own messages are in its log.
 */
export async function sendChargerCommand(actor: TViewer, raw: TChargerCommand): Promise<TResult<{ status: string }>> {
  const denied = refuseUnlessStaff(actor);
  if (denied) return denied;
  const parsed = ZChargerCommand.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refuse("invalid_input", issue?.message ?? "Check the form", { field: String(issue?.path[0] ?? "") });
  }
  const c = parsed.data;
  let answer: TCommandResult;
  switch (c.command) {
    case "reset":
      answer = await chargerGateway.reset(c.chargerId, c.type);
      break;
    case "unlock":
      answer = await chargerGateway.unlock(c.chargerId, c.connectorId);
      break;
    case "availability":
      answer = await chargerGateway.changeAvailability(c.chargerId, c.connectorId, c.type);
      break;
    case "configuration":
      answer = await chargerGateway.changeConfiguration(c.chargerId, c.key, c.value);
      break;
    case "trigger":
      answer = await chargerGateway.triggerMessage(c.chargerId, c.requestedMessage, c.connectorId);
      break;
    case "stop":
      answer = await chargerGateway.remoteStop(c.transactionId);
      break;
  }
  await recordAudit(getDb(), {
    actorId: actor.id,
    action: `zavcharge.charger.${c.command}`,
    resourceType: "charger",
    resourceId: String(c.chargerId),
    newData: { ...c, answer: answer.ok ? answer.status : answer.message },
  });
  if (!answer.ok) return refuse("unavailable", answer.message);
  return succeed({ status: answer.status });
}
