import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { apiTokens, registeredPerson, useGateway } from "../../../tests/support/gateway-fixtures";
import { useTestDatabase } from "../../../tests/support/test-database";

// Sync events between a person's devices (docs/product/api-gateway.md#sync-events): one device sends them over HTTP
// (flushing its queue) and the other, on /ws with the app's access token, gets them live; events without an id, type
// or timestamp are refused and nothing is kept; a device catches up over HTTP from the last seq it saw.

const database = useTestDatabase();
const call = useGateway("SYNC01", { realtime: database });

function socketFor(token: string) {
  const url = call
    .base()
    .replace(/^http/, "ws")
    .replace(/\/api\/v1$/, "/ws");
  const messages: Record<string, unknown>[] = [];
  const ws = new WebSocket(url, { headers: { Authorization: `Bearer ${token}` } });
  ws.on("message", (data) => messages.push(JSON.parse(data.toString()) as Record<string, unknown>));
  const opened = new Promise<void>((resolve, reject) => {
    ws.on("open", () => resolve());
    ws.on("unexpected-response", (_req, res) => reject(new Error(String(res.statusCode))));
    ws.on("error", reject);
  });
  return { ws, messages, opened };
}

async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("sync events", () => {
  it("sent over HTTP by one device reach the other on /ws, are kept once, and are caught up from the last seq seen", async () => {
    const person = await registeredPerson("Funmilayo Adebayo");
    const phone = await apiTokens(call, person.email, "funmi-phone-0001");
    const tablet = await apiTokens(call, person.email, "funmi-tablet-001");
    const live = socketFor(tablet.token);
    await live.opened;

    const event = (id: string, priority = "medium") => ({
      id,
      type: "mobile_sync",
      timestamp: new Date().toISOString(),
      priority,
      data: { screen: "cart" },
    });
    const sent = await call("POST", "/sync/events", { token: phone.token, body: { events: [event("f-1"), event("f-2", "high")] } });
    expect(sent).toMatchObject({ status: 200, body: { accepted: [{ id: "f-1" }, { id: "f-2" }] } });
    await until(() => live.messages.filter((m) => m.type === "sync_event").length === 2);
    expect(live.messages.filter((m) => m.type === "sync_event").map((m) => (m.event as { id: string }).id)).toEqual(["f-1", "f-2"]);

    // Resent (the queue flushed again after a lost answer): the same seqs, nothing new.
    const again = await call("POST", "/sync/events", { token: phone.token, body: { events: [event("f-1")] } });
    expect((again.body.accepted as { seq: number }[])[0]!.seq).toBe((sent.body.accepted as { seq: number }[])[0]!.seq);

    // An event without an id, type or timestamp is refused, and none of its batch is kept.
    const bad = await call("POST", "/sync/events", {
      token: phone.token,
      body: { events: [event("f-3"), { type: "mobile_sync", timestamp: 1 }] },
    });
    expect(bad).toMatchObject({ status: 400, body: { code: "invalid_input", field: "events.1.id" } });

    const firstSeq = (sent.body.accepted as { seq: number }[])[0]!.seq;
    const caughtUp = await call("GET", `/sync/events?after=${firstSeq}`, { token: tablet.token });
    expect(caughtUp).toMatchObject({ status: 200, body: { items: [{ id: "f-2", priority: "high", data: { screen: "cart" } }] } });
    expect(caughtUp.body.lastSeq).toBeGreaterThan(firstSeq);

    // Another person sees none of them, and a forged token does not open /ws.
    const other = await registeredPerson("Sola Ogunleye");
    const theirs = await apiTokens(call, other.email, "sola-phone-00001");
    expect(await call("GET", "/sync/events", { token: theirs.token })).toMatchObject({ body: { items: [] } });
    await expect(socketFor(`zat_${"B".repeat(43)}`).opened).rejects.toThrow("401");
    live.ws.close();
  });
});
