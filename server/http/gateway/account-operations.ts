import { ZApiLogin, ZApiLogout, ZApiRefresh, ZApiRegister, ZApiSync } from "@domain/gateway/api-input";
import { registerUser } from "../../auth/register-user";
import { appDeviceId } from "../../auth/remember-sign-in-device";
import { getDbHandle } from "../../db/client";
import { apiUserView } from "../../gateway/api-user";
import { refreshDeviceTokens } from "../../gateway/refresh-device-tokens";
import { signInDevice } from "../../gateway/sign-in-device";
import { listSignedInDevices, signOutDevice } from "../../gateway/signed-in-devices";
import type { TResult } from "@domain/errors/app-error";
import { answerOf, API_VERSION, publicOperation, userOperation, type TApiOperation } from "./api-operation";
import { ZApiUser, ZDeviceList, ZHealth, ZLoginAnswer, ZRegistered, ZSignedOut, ZSyncAnswer, ZTokenPair } from "./api-responses";

// The gateway's health, sign-in, tokens, profile and devices (docs/product/api-gateway.md#signing-in, #tokens, #devices).

const DEMO_DEVICE = { id: "a1b2c3d4-pixel-7", type: "mobile", name: "Adaeze's Pixel 7" };

/** A device signed out, as the answer (its name), or the refusal. */
const signedOutAnswer = (out: TResult<{ name: string }>) => (out.ok ? { status: 200, body: { signedOut: true, name: out.name } } : out);

export const accountOperations: TApiOperation[] = [
  publicOperation({
    method: "GET",
    path: "/health",
    operationId: "getHealth",
    summary: "Whether the gateway and its database answer (per platform, from X-Platform)",
    tag: "Health",
    success: { status: 200, schema: ZHealth, description: "Up" },
    refusals: [503],
    example: {},
    async handle({ platform, now }) {
      let database: "up" | "down" = "up";
      try {
        await Promise.race([getDbHandle().ping(), new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 2000))]);
      } catch {
        database = "down";
      }
      const body = { status: database === "up" ? "ok" : "unavailable", platform, version: API_VERSION, database, time: now.toISOString() };
      return { status: database === "up" ? 200 : 503, body };
    },
  }),
  publicOperation({
    method: "POST",
    path: "/auth/login",
    operationId: "login",
    summary: "Sign in from a device with an e-mail address or phone number and password",
    tag: "Auth",
    body: ZApiLogin,
    success: { status: 200, schema: ZLoginAnswer, description: "Signed in: the tokens and the person" },
    refusals: [401, 403, 429],
    example: { email: "customer@zavolah.ng", password: "Zavolah2026!", platform: "mobile", deviceInfo: DEMO_DEVICE },
    async handle({ body, ip, now }) {
      return answerOf(200, await signInDevice(body, ip, now));
    },
  }),
  publicOperation({
    method: "POST",
    path: "/auth/register",
    operationId: "register",
    summary: "Create a customer account; then sign in (the e-mail address is confirmed before anything is bought)",
    tag: "Auth",
    body: ZApiRegister,
    success: { status: 201, schema: ZRegistered, description: "Asked: a confirmation link is on its way" },
    refusals: [429],
    async handle({ body, ip }) {
      const { deviceInfo, agreedToTerms: _agreed, ...fields } = body;
      const registered = await registerUser({ ...fields, role: "customer", agreedToNewsletter: fields.agreedToNewsletter ?? false }, ip, {
        deviceId: appDeviceId(deviceInfo.id),
      });
      if (!registered.ok) return registered;
      // The same answer whether the address was new or already had an account: nobody learns which (the e-mail says).
      return {
        status: 201,
        body: { registered: true, message: `We have sent a confirmation link to ${body.email}. Sign in to continue.` },
      };
    },
  }),
  publicOperation({
    method: "POST",
    path: "/auth/refresh",
    operationId: "refresh",
    summary: "Exchange a refresh token for a new pair; a token used twice ends the device's sign-in",
    tag: "Auth",
    body: ZApiRefresh,
    success: { status: 200, schema: ZTokenPair, description: "The new pair" },
    refusals: [401],
    async handle({ body, now }) {
      const pair = await refreshDeviceTokens(body.refreshToken, now);
      return pair.ok ? { status: 200, body: { token: pair.token, refreshToken: pair.refreshToken, expiresIn: pair.expiresIn } } : pair;
    },
  }),
  userOperation({
    method: "POST",
    path: "/auth/logout",
    operationId: "logout",
    summary: "Sign a device of yours out: its tokens stop working",
    tag: "Auth",
    body: ZApiLogout,
    success: { status: 200, schema: ZSignedOut, description: "Signed out" },
    refusals: [404],
    async handle({ body, caller, now }) {
      return signedOutAnswer(await signOutDevice(caller.viewer, { by: "client", value: body.deviceId }, "signed_out", now));
    },
  }),
  userOperation({
    method: "POST",
    path: "/auth/sync",
    operationId: "sync",
    summary: "What changed in the person's profile since the device's last sync",
    tag: "Auth",
    body: ZApiSync,
    success: { status: 200, schema: ZSyncAnswer, description: "The profile and whether it changed" },
    refusals: [],
    example: { deviceId: DEMO_DEVICE.id, authState: { userId: "the signed-in person's id", lastSync: null } },
    async handle({ body, caller, platform, now }) {
      const since = body.authState.lastSync ? new Date(body.authState.lastSync) : null;
      // A state for another person, or none, is out of date as a whole.
      const changed = body.authState.userId !== caller.viewer.id || !since || caller.updatedAt > since;
      return { status: 200, body: { user: apiUserView(caller, platform, now), changed, lastSync: now.toISOString() } };
    },
  }),
  userOperation({
    method: "GET",
    path: "/me",
    operationId: "getProfile",
    summary: "The signed-in person",
    tag: "Profile",
    success: { status: 200, schema: ZApiUser, description: "The person" },
    refusals: [],
    example: {},
    async handle({ caller, platform, now }) {
      return { status: 200, body: apiUserView(caller, platform, now) };
    },
  }),
  userOperation({
    method: "GET",
    path: "/devices",
    operationId: "listDevices",
    summary: "Your devices signed in through the API, most recently seen first",
    tag: "Devices",
    success: { status: 200, schema: ZDeviceList, description: "The devices" },
    refusals: [],
    example: {},
    async handle({ caller }) {
      const devices = await listSignedInDevices(caller.viewer.id);
      return {
        status: 200,
        body: {
          devices: devices.map((d) => ({
            id: d.id,
            clientId: d.clientId,
            type: d.type,
            name: d.name,
            lastSeen: d.lastSeenAt.toISOString(),
            createdAt: d.createdAt.toISOString(),
            isActive: d.active,
            lastStatus: d.lastStatus,
            lastStatusAt: d.lastStatusAt?.toISOString() ?? null,
          })),
        },
      };
    },
  }),
  userOperation({
    method: "DELETE",
    path: "/devices/{id}",
    operationId: "removeDevice",
    summary: "Sign one of your devices out, by its id in the device list",
    tag: "Devices",
    success: { status: 200, schema: ZSignedOut, description: "Signed out" },
    refusals: [404],
    async handle({ params, caller, now }) {
      return signedOutAnswer(await signOutDevice(caller.viewer, { by: "id", value: params.id! }, "device_removed", now));
    },
  }),
];
