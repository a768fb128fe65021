import { randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:net";
import { Duplex } from "node:stream";
import { Aedes, type AedesOptions, type Client } from "aedes";
import { MQTT_MAX_PAYLOAD_BYTES, mqttTopics } from "@domain/zavcharge/chargers/mqtt";
import { CHARGE_POINT_ID_PATTERN } from "@domain/zavcharge/chargers/charger-input";
import { log } from "../../../log";
import { authenticateCharger } from "../authenticate-charger";
import { logChargerMessage } from "../log-charger-message";
import { createAuthFailureLimit } from "../ocpp/auth-failure-limit";

// The embedded MQTT broker (docs/product/zavcharge.md#chargers, docs/decisions/0016-mqtt-chargers.md), used when
// no MQTT_URL is set. Devices sign in with their charge point id as username and client id and their own
// password (the same scrypt hash as OCPP chargers); each may publish only on its own status topic and subscribe
// only to its own commands topic. The server's own client connects through an in-process stream with a secret
// made at start-up, and may do everything. The same rules for Mosquitto are in the product doc.

export type TBrokerDevice = { chargerId: number; chargePointId: string };

/**
 * What a signed-in client of another context may do: the exact topics it may publish on and subscribe to, and when
 * its session ends (a person's access token expires).
 */
export type TBrokerGrant = { publish: string[]; subscribe: string[]; expiresAt?: Date };

/**
 * Clients of another context on the same broker (power tracking's gateways, docs/product/power-tracking.md#mqtt; the
 * app's people and paired devices, docs/product/api-gateway.md#mqtt): the user names it claims, and for a sign-in
 * what the client may do.
 */
export type TGatewayAuthority = {
  claims(username: string): boolean;
  authenticate(username: string, password: string, clientId: string): Promise<TBrokerGrant | null>;
};

export type TEmbeddedBrokerOptions = {
  /** Other clients than chargers (power gateways, the app, paired devices), each checked by its own context. */
  gateways?: TGatewayAuthority[];
  /** The port devices connect to (0: any free port, for tests). */
  port: number;
  host?: string;
  /** A device signed in, or its connection ended (the token tells two sessions of one device apart). */
  onDeviceReady(device: TBrokerDevice, token: object): void;
  onDeviceGone(device: TBrokerDevice, token: object): void;
  /** Refused sign-ins per address in 15 minutes before the address is turned away; 20 by default. */
  authFailuresPerAddress?: number;
};

export type TEmbeddedBroker = {
  /** The port devices connect to, or null when it could not be opened (the server runs without it). */
  port: number | null;
  /** A new in-process connection into the broker, and the credentials of the server's own client. */
  connectInternal(): Duplex;
  internalUsername: string;
  internalPassword: string;
  /** Ends a device's session (the gateway dropped the connection). */
  disconnect(token: object): void;
  /** Ends every session signed in with this user name (its credential was revoked). */
  disconnectUsername(username: string): void;
  close(): Promise<void>;
};

/** Two connected in-memory streams: what one writes, the other reads. */
function duplexPair(): [Duplex, Duplex] {
  const make = (peer: () => Duplex) =>
    new Duplex({
      read() {},
      write(chunk, _enc, done) {
        peer().push(chunk);
        done();
      },
      final(done) {
        peer().push(null);
        done();
      },
      destroy(err, done) {
        const p = peer();
        if (!p.destroyed) p.destroy();
        done(err);
      },
    });
  const a: Duplex = make(() => b);
  const b: Duplex = make(() => a);
  return [a, b];
}

const INTERNAL_USERNAME = "zavolah-server";

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function authError(message: string, returnCode: number) {
  return Object.assign(new Error(message), { returnCode });
}

export async function startEmbeddedBroker(options: TEmbeddedBrokerOptions): Promise<TEmbeddedBroker> {
  const internalPassword = randomBytes(24).toString("base64url");
  const internalStreams = new WeakSet<object>();
  const devices = new WeakMap<Client, TBrokerDevice>();
  const gatewayGrants = new WeakMap<Client, TBrokerGrant>();
  const byUsername = new Map<string, Set<Client>>();
  const expiryTimers = new WeakMap<Client, NodeJS.Timeout>();
  const internal = new WeakSet<Client>();
  const failures = createAuthFailureLimit(options.authFailuresPerAddress ?? 20);
  const addressOf = (client: Client) => (client.conn as { remoteAddress?: string }).remoteAddress ?? "unknown";

  /** A device's refused publish or subscription: a log line, and a line in its message log. */
  const refuse = (device: TBrokerDevice, what: string, topic: string, errorCode: string) => {
    log.warn({ chargePointId: device.chargePointId, topic: topic.slice(0, 200) }, `mqtt: ${what} refused`);
    void logChargerMessage({
      chargerId: device.chargerId,
      direction: "in",
      action: what === "publish" ? "RefusedPublish" : "RefusedSubscribe",
      payload: { topic: topic.slice(0, 200) },
      errorCode,
    });
  };

  const handlers: AedesOptions = {
    authenticate(client, username, password, done) {
      if (internalStreams.has(client.conn) && username === INTERNAL_USERNAME && sameSecret(password?.toString() ?? "", internalPassword)) {
        internal.add(client);
        return done(null, true);
      }
      const address = addressOf(client);
      if (failures.blocked(address)) return done(authError("Too many refused sign-ins", 3), false);
      const authority = options.gateways?.find((g) => g.claims(username ?? ""));
      if (authority) {
        const name = username ?? "";
        return void authority.authenticate(name, password?.toString() ?? "", client.id).then(
          (grant) => {
            if (!grant) {
              failures.failed(address);
              return done(authError("Bad user name or password", 4), false);
            }
            gatewayGrants.set(client, grant);
            const sessions = byUsername.get(name) ?? new Set<Client>();
            sessions.add(client);
            byUsername.set(name, sessions);
            // A session signed in with a token that expires ends with it; the client signs in again with a fresh one.
            if (grant.expiresAt)
              expiryTimers.set(client, setTimeout(() => client.close(), Math.max(0, grant.expiresAt.getTime() - Date.now())).unref());
            done(null, true);
          },
          (err: unknown) => {
            log.error({ err }, "mqtt: gateway authentication failed");
            done(authError("Server unavailable", 3), false);
          },
        );
      }
      // The client id must be the charge point id: a device cannot take another's session.
      const id = username ?? "";
      if (!CHARGE_POINT_ID_PATTERN.test(id) || client.id !== id) {
        failures.failed(address);
        return done(authError("Bad user name or password", 4), false);
      }
      authenticateCharger(id, password, "mqtt").then(
        (charger) => {
          if (!charger) {
            failures.failed(address);
            log.warn({ address, chargePointId: id }, "mqtt: charger sign-in refused");
            return done(authError("Bad user name or password", 4), false);
          }
          devices.set(client, { chargerId: charger.chargerId, chargePointId: charger.chargePointId });
          done(null, true);
        },
        (err: unknown) => {
          log.error({ err }, "mqtt: authentication failed");
          done(authError("Server unavailable", 3), false);
        },
      );
    },
    authorizePublish(client, packet, done) {
      if (!client || internal.has(client)) return done(null);
      const gateway = gatewayGrants.get(client);
      if (gateway) {
        const size = Buffer.isBuffer(packet.payload) ? packet.payload.length : Buffer.byteLength(String(packet.payload));
        if (!gateway.publish.includes(packet.topic) || size > MQTT_MAX_PAYLOAD_BYTES) return done(new Error("Not authorised"));
        packet.retain = false;
        return done(null);
      }
      const device = devices.get(client);
      if (!device) return done(new Error("Not authorised"));
      if (packet.topic !== mqttTopics.chargerStatus(device.chargePointId)) {
        refuse(device, "publish", packet.topic, "NotAuthorized");
        return done(new Error("Not authorised"));
      }
      const size = Buffer.isBuffer(packet.payload) ? packet.payload.length : Buffer.byteLength(String(packet.payload));
      if (size > MQTT_MAX_PAYLOAD_BYTES) {
        refuse(device, "publish", packet.topic, "PayloadTooLarge");
        return done(new Error("Payload too large"));
      }
      packet.retain = false; // a device's messages are calls, never state for later subscribers
      done(null);
    },
    authorizeSubscribe(client, subscription, done) {
      if (internal.has(client)) return done(null, subscription);
      const gateway = gatewayGrants.get(client);
      if (gateway) return done(null, gateway.subscribe.includes(subscription.topic) ? subscription : null);
      const device = devices.get(client);
      if (device && subscription.topic === mqttTopics.chargerCommands(device.chargePointId)) return done(null, subscription);
      if (device) refuse(device, "subscribe", subscription.topic, "NotAuthorized");
      done(null, null); // refused in the SUBACK; the session stays
    },
  };
  const broker = await Aedes.createBroker(handlers);
  broker.on("clientReady", (client) => {
    const device = devices.get(client);
    if (device) options.onDeviceReady(device, client);
  });
  broker.on("clientDisconnect", (client) => {
    const device = devices.get(client);
    if (device) options.onDeviceGone(device, client);
    clearTimeout(expiryTimers.get(client));
    for (const [name, sessions] of byUsername) if (sessions.delete(client) && sessions.size === 0) byUsername.delete(name);
  });
  broker.on("clientError", (client, err) => log.debug({ err, clientId: client.id }, "mqtt: client error"));
  broker.on("connectionError", (client, err) => log.debug({ err, clientId: client.id }, "mqtt: connection error"));

  const server: Server = createServer((socket) => broker.handle(socket));
  const port = await new Promise<number | null>((resolve) => {
    server.once("error", (err: NodeJS.ErrnoException) => {
      log.warn(
        { err: err.message, port: options.port },
        err.code === "EADDRINUSE"
          ? `mqtt: port ${options.port} is taken (another MQTT broker?); MQTT chargers cannot connect to this server. Set MQTT_PORT to a free port, or MQTT_URL to use that broker.`
          : "mqtt: the device listener could not start; MQTT chargers cannot connect",
      );
      resolve(null);
    });
    server.listen(options.port, options.host, () => {
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : null);
    });
  });

  return {
    port,
    internalUsername: INTERNAL_USERNAME,
    internalPassword,
    connectInternal() {
      const [ours, theirs] = duplexPair();
      internalStreams.add(theirs);
      broker.handle(theirs);
      return ours;
    },
    disconnect(token) {
      (token as Client).close();
    },
    disconnectUsername(username) {
      for (const client of byUsername.get(username) ?? []) client.close();
    },
    async close() {
      if (port !== null) {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        await new Promise<void>((resolve) => broker.close(() => resolve()));
        await closed;
      } else await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}
