// The chargers of npm run chaos (scripts/chaos.ts, docs/operations.md#crash-safety). Each plays an OCPP 1.6J charger
// through the balancer and behaves as a real one does when its central system goes away: it reconnects with back-off
// (to whichever instance the balancer picks), boots again, and sends each transaction message (StartTransaction,
// MeterValues, StopTransaction) until it is answered, the very same message each time, as OCPP 1.6 asks of a charger
// (transaction messages are queued and delivered, never dropped). The server must count a resent start or stop once.
// A charger with a driver's id tag charges in rounds while the load goes on and stops its transaction when it ends.
import { RPCClient } from "ocpp-rpc";

export type TFleetCharger = { identity: string; idTag: string | null };

/** A transaction as the charger saw it: the id the server answered, its meter readings. */
export type TChargerTransaction = { identity: string; transactionId: number; meterStartWh: number; meterStopWh: number | null };

export type TFleetCounts = {
  connected: number;
  boots: number;
  drops: number;
  resentCalls: number;
  refusedStarts: number;
  started: number;
  stopped: number;
  givenUp: number;
  /** Socket drops by the close code the charger saw (1012: the instance said "service restart"; 1006: cut). */
  dropsByCode: Record<string, number>;
};

export type TFleetOptions = {
  /** ws://host:port of the balancer. */
  url: string;
  password: string;
  chargers: TFleetCharger[];
  /** New transactions start while this says so; an open one stops when it no longer does. */
  charging: () => boolean;
  /** How long each transaction lasts, min and max in ms. */
  chargeMs: [number, number];
  meterEveryMs: number;
  /** After this time (ms since the epoch) a charger no longer resends: what is unanswered then is counted given up. */
  giveUpAt: () => number;
  /** Connections opened per second at the start. */
  rate: number;
  say: (message: string) => void;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = ([min, max]: [number, number]) => min + Math.random() * (max - min);
/** A charger's power while it charges: 7 kW, well under the 22 kW slot, so no reading looks impossible to the server. */
const POWER_W = 7000;

class ChaosCharger {
  readonly client: RPCClient;
  readonly identity: string;
  /** When the socket last dropped and when the charger was last booted after connecting: a reconnect is done once booted. */
  droppedAt = 0;
  bootedAt = 0;
  private meterExactWh = 1_000_000 + Math.floor(Math.random() * 1_000_000);

  constructor(
    private readonly plan: TFleetCharger,
    private readonly fleet: TFleetOptions,
    private readonly counts: TFleetCounts,
    private readonly transactions: TChargerTransaction[],
  ) {
    this.identity = plan.identity;
    this.client = new RPCClient({
      endpoint: `${fleet.url}/ocpp`,
      identity: plan.identity,
      password: fleet.password,
      protocols: ["ocpp1.6"],
      strictMode: false,
      reconnect: true,
      backoff: { initialDelay: 300, maxDelay: 3000, factor: 2, randomisationFactor: 0.5 },
      callTimeoutMs: 15_000,
      pingIntervalMs: 15_000,
      // ocpp-rpc's types ask for every option; it fills in the rest with its defaults.
    } as never);
    this.client.on("error", () => undefined);
    this.client.on("disconnect", ({ code }: { code?: number }) => {
      this.droppedAt = Date.now();
      counts.drops++;
      counts.dropsByCode[String(code ?? "none")] = (counts.dropsByCode[String(code ?? "none")] ?? 0) + 1;
    });
    // Every (re)connection boots, as a charger that lost its central system does.
    this.client.on("open", () => void this.boot());
    // ocpp-rpc stops reconnecting after some errors (a handshake it finds malformed): a charger never gives up.
    this.client.on("close", ({ reason }: { reason?: string }) => {
      if (this.closing || this.connecting) return;
      this.fleet.say(`${plan.identity}: connection closed (${reason || "no reason"}); connecting again`);
      void sleep(1000).then(() => this.connect().catch(() => undefined));
    });
  }

  private closing = false;
  private connecting = false;

  /** Connected and booted since its socket last dropped. */
  get connected() {
    return this.client.state === RPCClient.OPEN && this.bootedAt > this.droppedAt;
  }

  private get meterWh() {
    return Math.floor(this.meterExactWh);
  }

  private async boot() {
    const answer = (await this.reliably("BootNotification", { chargePointVendor: "Zavolah", chargePointModel: "Chaos-22" })) as {
      status?: string;
    } | null;
    if (answer?.status === "Accepted") {
      this.bootedAt = Date.now();
      this.counts.boots++;
    }
  }

  /** Sends the call until it is answered (the same message each time), or null once the fleet gives up. */
  private async reliably(action: string, params: object): Promise<unknown> {
    let sent = false;
    for (let attempt = 0; ; attempt++) {
      if (Date.now() > this.fleet.giveUpAt()) return null;
      if (this.client.state !== RPCClient.OPEN) {
        await sleep(100);
        continue;
      }
      try {
        if (sent) this.counts.resentCalls++;
        sent = true;
        return await this.client.call(action, params);
      } catch {
        // The socket dropped with the call in flight, or the instance answered an error: again, after a moment.
        await sleep(Math.min(2000, 200 * 2 ** Math.min(attempt, 4)));
      }
    }
  }

  async connect() {
    this.connecting = true;
    try {
      for (;;) {
        try {
          await this.client.connect();
          this.counts.connected++;
          return;
        } catch {
          if (Date.now() > this.fleet.giveUpAt()) throw new Error(`${this.plan.identity} could not connect`);
          await sleep(500 + Math.random() * 1000);
        }
      }
    } finally {
      this.connecting = false;
    }
  }

  private charge(ms: number) {
    this.meterExactWh += (POWER_W * ms) / 3_600_000;
  }

  /** Charges in rounds while the fleet is charging; every transaction it opened is stopped before it returns. */
  async run() {
    const idTag = this.plan.idTag;
    if (!idTag) return;
    while (this.fleet.charging()) {
      const meterStart = this.meterWh;
      const start = (await this.reliably("StartTransaction", {
        connectorId: 1,
        idTag,
        meterStart,
        timestamp: new Date().toISOString(),
      })) as { transactionId?: number; idTagInfo?: { status?: string } } | null;
      if (!start) {
        this.counts.givenUp++;
        return;
      }
      if (start.idTagInfo?.status !== "Accepted" || !start.transactionId) {
        this.counts.refusedStarts++;
        this.fleet.say(`${this.plan.identity}: start refused (${start.idTagInfo?.status ?? "no status"})`);
        await sleep(2000);
        continue;
      }
      this.counts.started++;
      const transaction: TChargerTransaction = {
        identity: this.plan.identity,
        transactionId: start.transactionId,
        meterStartWh: meterStart,
        meterStopWh: null,
      };
      this.transactions.push(transaction);
      const ends = Date.now() + between(this.fleet.chargeMs);
      let last = Date.now();
      while (Date.now() < ends && this.fleet.charging()) {
        await sleep(Math.min(this.fleet.meterEveryMs, Math.max(50, ends - Date.now())));
        this.charge(Date.now() - last);
        last = Date.now();
        const answered = await this.reliably("MeterValues", {
          connectorId: 1,
          transactionId: transaction.transactionId,
          meterValue: [
            {
              timestamp: new Date().toISOString(),
              sampledValue: [
                { value: String(this.meterWh), measurand: "Energy.Active.Import.Register", unit: "Wh" },
                { value: String(POWER_W), measurand: "Power.Active.Import", unit: "W" },
              ],
            },
          ],
        });
        if (answered === null) break;
      }
      this.charge(Date.now() - last);
      const meterStop = this.meterWh;
      const stop = await this.reliably("StopTransaction", {
        transactionId: transaction.transactionId,
        idTag,
        meterStop,
        timestamp: new Date().toISOString(),
        reason: "EVDisconnected",
      });
      if (stop === null) {
        this.counts.givenUp++;
        return;
      }
      transaction.meterStopWh = meterStop;
      this.counts.stopped++;
      await sleep(200 + Math.random() * 300);
    }
  }

  close() {
    this.closing = true;
    return this.client.close({ force: true, awaitPending: false }).catch(() => undefined);
  }
}

export type TChargerFleet = {
  counts: TFleetCounts;
  transactions: TChargerTransaction[];
  /** Resolves once every charger has connected and booted, and has begun charging if it has a driver. */
  ready: Promise<void>;
  /** Resolves once every charger has stopped charging (the load is over and its last transaction stopped). */
  finished: Promise<void>;
  /**
   * Of the chargers whose socket last dropped between `since` and `until`: how many, how many are back and booted, and
   * when the last one was. (A charger dropped again later has left the window: it counts for the later drop.)
   */
  recovery: (since: number, until: number) => { dropped: number; back: number; lastBootAt: number };
  /** The chargers not connected and booted now. */
  away: () => string[];
  close: () => Promise<void>;
};

export function startChargerFleet(options: TFleetOptions): TChargerFleet {
  const counts: TFleetCounts = {
    connected: 0,
    boots: 0,
    drops: 0,
    resentCalls: 0,
    refusedStarts: 0,
    started: 0,
    stopped: 0,
    givenUp: 0,
    dropsByCode: {},
  };
  const transactions: TChargerTransaction[] = [];
  const fleet = options.chargers.map((plan) => new ChaosCharger(plan, options, counts, transactions));
  const runs: Promise<void>[] = [];
  const ready = (async () => {
    const opened = Date.now();
    const gap = 1000 / options.rate;
    const connecting: Promise<void>[] = [];
    for (const [i, charger] of fleet.entries()) {
      const due = opened + i * gap;
      if (due > Date.now()) await sleep(due - Date.now());
      connecting.push(
        charger.connect().then(() => {
          runs.push(charger.run());
        }),
      );
    }
    await Promise.all(connecting);
    while (fleet.some((c) => c.bootedAt === 0)) await sleep(100);
  })();
  const finished = ready.then(async () => {
    await Promise.all(runs);
  });
  return {
    counts,
    transactions,
    ready,
    finished,
    recovery(since, until) {
      const dropped = fleet.filter((c) => c.droppedAt >= since && c.droppedAt < until);
      const back = dropped.filter((c) => c.bootedAt > c.droppedAt);
      return { dropped: dropped.length, back: back.length, lastBootAt: Math.max(0, ...back.map((c) => c.bootedAt)) };
    },
    away: () => fleet.filter((c) => !c.connected).map((c) => c.identity),
    close: async () => {
      await Promise.all(fleet.map((c) => c.close()));
    },
  };
}
