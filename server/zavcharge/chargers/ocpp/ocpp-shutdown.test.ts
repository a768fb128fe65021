import { randomInt } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { RPCClient } from "ocpp-rpc";
import { describe, expect, it } from "vitest";
import { createTestStation } from "../../../../tests/support/zavcharge-fixtures";
import { useTestDatabase } from "../../../../tests/support/test-database";
import { getDb } from "../../../db/client";
import { chargers } from "../schema";
import { hashChargerPassword } from "../charger-password";
import { createOcppServer } from "./ocpp-server";

// An instance shutting down (docs/operations.md#health-and-shutdown) tells its chargers "service restart" (1012), the
// close code after which a charger reconnects at once: behind a balancer, to another instance.

useTestDatabase();

describe("OCPP at shutdown", () => {
  it("a connected charger is closed with 1012, service restart", async () => {
    const station = await createTestStation();
    const chargePointId = `ZAV-T-${randomInt(1_000_000_000)}`;
    await getDb()
      .insert(chargers)
      .values({
        chargePointId,
        stationId: station.station.id,
        passwordHash: await hashChargerPassword("charger-secret-1"),
        commissioned: true,
      });
    const server = createServer((_req, res) => res.writeHead(404).end());
    const ocpp = createOcppServer({ upkeepMs: 0, pingIntervalMs: 0 });
    server.on("upgrade", (req, socket, head) => ocpp.handleUpgrade(req, socket, head));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const client = new RPCClient({
      endpoint: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ocpp`,
      identity: chargePointId,
      password: "charger-secret-1",
      protocols: ["ocpp1.6"],
      reconnect: false,
      pingIntervalMs: 0,
    } as never);
    await client.connect();
    const closed = new Promise<{ code: number }>((resolve) => client.once("close", resolve as never));

    await ocpp.close();
    expect((await closed).code).toBe(1012);
    server.closeAllConnections();
    server.close();
  });
});
