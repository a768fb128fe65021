import type { IncomingMessage } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { env } from "../env";
import { peerAddress } from "./client-ip";

// Whose address counts for rate limits and fraud checks (docs/operations.md#several-instances): only what our own
// proxies wrote in X-Forwarded-For, never what the client wrote to its left.

const request = (forwardedFor: string | undefined) =>
  ({
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
    socket: { remoteAddress: "10.0.0.9" },
  }) as unknown as IncomingMessage;

describe("peerAddress", () => {
  const before = env.TRUST_PROXY;
  afterEach(() => void Object.assign(env, { TRUST_PROXY: before }));

  it("is the socket's address when no proxy is trusted, whatever the header says", () => {
    Object.assign(env, { TRUST_PROXY: "0" });
    expect(peerAddress(request("1.2.3.4"))).toBe("10.0.0.9");
  });

  it("behind one balancer, is the entry it appended, not the ones the client wrote", () => {
    Object.assign(env, { TRUST_PROXY: "1" });
    expect(peerAddress(request("6.6.6.6, 102.89.4.17"))).toBe("102.89.4.17");
    expect(peerAddress(request(undefined))).toBe("10.0.0.9");
  });

  it("behind a CDN and a balancer, is the CDN's entry; with fewer entries, the furthest one there is", () => {
    Object.assign(env, { TRUST_PROXY: "2" });
    expect(peerAddress(request("6.6.6.6, 102.89.4.17, 172.16.0.2"))).toBe("102.89.4.17");
    expect(peerAddress(request("172.16.0.2"))).toBe("172.16.0.2");
  });
});
