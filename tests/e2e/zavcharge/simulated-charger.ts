import { spawn, type ChildProcess } from "node:child_process";
import { BASE } from "../support";

/** The OCPP charger simulator (scripts/simulate-charger.ts) as a real charge point on the journeys' server. */
export function startSimulatedCharger(id: string, extra: string[]): { child: ChildProcess; output: () => string } {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/simulate-charger.ts",
      "--id",
      id,
      "--password",
      "zavcharge-demo",
      "--url",
      BASE.replace(/^http/, "ws"),
      ...extra,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout!.on("data", (c) => (output += c));
  child.stderr!.on("data", (c) => (output += c));
  return { child, output: () => output };
}
