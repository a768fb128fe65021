import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { DEVICE_COOKIE, deviceIdFrom, newDeviceId, sendDeviceCookie } from "./device-cookie";

/** The Set-Cookie headers a real client receives when the server answers through `answer`. */
async function cookiesSent(answer: (res: ServerResponse) => void): Promise<string[]> {
  const server = createServer((_, res) => {
    sendDeviceCookie(res, "AbCdEfGhIjKlMnOpQrStUv");
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { redirect: "manual" });
    return response.headers.getSetCookie();
  } finally {
    server.close();
  }
}

describe("the browser's own id", () => {
  it("is read only when well formed", () => {
    const id = newDeviceId();
    expect(deviceIdFrom(`theme=light; ${DEVICE_COOKIE}=${id}`)).toBe(id);
    expect(deviceIdFrom(`${DEVICE_COOKIE}=short`)).toBeNull();
    expect(deviceIdFrom(`${DEVICE_COOKIE}=${id.slice(0, 21)}<`)).toBeNull();
    expect(deviceIdFrom(undefined)).toBeNull();
  });

  it("joins the app's own cookies however the response writes them, and never replaces them", async () => {
    const device = expect.stringMatching(
      new RegExp(`^${DEVICE_COOKIE}=AbCdEfGhIjKlMnOpQrStUv; Max-Age=63072000; Path=/; HttpOnly; SameSite=Lax`),
    );
    // As React Router's adapter writes a response: a flat list of raw headers, two cookies in it.
    expect(await cookiesSent((res) => res.writeHead(200, ["Set-Cookie", "session=1", "Set-Cookie", "flash=2"]).end())).toEqual([
      "session=1",
      "flash=2",
      device,
    ]);
    expect(await cookiesSent((res) => res.writeHead(302, { "Set-Cookie": "session=1", Location: "/" }).end())).toEqual([
      "session=1",
      device,
    ]);
    expect(await cookiesSent((res) => res.writeHead(200).end())).toEqual([device]);
  });
});
