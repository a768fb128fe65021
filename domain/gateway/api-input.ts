import { z } from "zod";
import { requiredText } from "../text/text-input";
import { REGISTRATION_FIELDS } from "../auth/auth-input";
import { isNigerianPhone } from "../nigeria/phone";

// What the JSON gateway's clients send (docs/product/api-gateway.md): the three platforms (#the-contract), the device a
// person signs in from, and the auth calls' bodies. Parsed on the server; the OpenAPI document is built from them.

export const API_PLATFORMS = ["web", "mobile", "arduino"] as const;
export type TApiPlatform = (typeof API_PLATFORMS)[number];

export const ZApiPlatform = z.enum(API_PLATFORMS, { error: "The platform is web, mobile or arduino" });

/** The client's own id for a device: letters, digits and - _ . : (a UUID, a serial number, a MAC address). */
export const ZClientDeviceId = z
  .string({ error: "Give the device's id" })
  .trim()
  .regex(/^[A-Za-z0-9._:-]{8,100}$/, "The device id is 8 to 100 letters, digits or - _ . :");

export const ZDeviceInfo = z
  .object({
    id: ZClientDeviceId,
    type: ZApiPlatform,
    name: requiredText(1, 80, "Name the device", "Keep the device's name under 80 characters"),
  })
  .meta({ id: "DeviceInfo" });

export const ZApiLogin = z
  .object({
    email: z.email({ error: "Enter a valid email address" }).max(254).optional(),
    phone: z
      .string()
      .trim()
      .refine((v) => isNigerianPhone(v), "Enter a Nigerian mobile number, like 0803 123 4567")
      .optional(),
    password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(200),
    platform: ZApiPlatform,
    deviceInfo: ZDeviceInfo,
  })
  .refine((v) => (v.email === undefined) !== (v.phone === undefined), {
    message: "Sign in with your e-mail address or your phone number",
    path: ["email"],
  })
  .meta({ id: "LoginRequest" });
export type TApiLogin = z.output<typeof ZApiLogin>;

export const ZApiRefresh = z
  .object({ refreshToken: z.string({ error: "Give the refresh token" }).min(1, "Give the refresh token").max(200) })
  .meta({ id: "RefreshRequest" });

export const ZApiLogout = z.object({ deviceId: ZClientDeviceId }).meta({ id: "LogoutRequest" });

export const ZApiSync = z
  .object({
    deviceId: ZClientDeviceId,
    authState: z.object({
      userId: z.string().min(1).max(100),
      lastSync: z.iso.datetime({ error: "lastSync is an ISO date and time", offset: true }).nullable(),
    }),
  })
  .meta({ id: "SyncRequest" });

/** Registration through the app: the website's form as JSON, for a customer account (docs/product/accounts.md#registration). */
export const ZApiRegister = z
  .object({
    // The website's registration rules (docs/product/accounts.md#registration), the role always customer.
    ...REGISTRATION_FIELDS,
    agreedToTerms: z.literal(true, { error: "Please accept the Terms of Service and Privacy Policy" }),
    agreedToNewsletter: z.boolean().optional(),
    /** The phone registering, as at sign-in: a friend joining on the referrer's own phone earns nothing (refer-and-earn.md#fraud-checks). */
    deviceInfo: ZDeviceInfo,
  })
  .meta({ id: "RegisterRequest" });
export type TApiRegister = z.output<typeof ZApiRegister>;

/** An Arduino device pairing itself with a one-time code (docs/product/api-gateway.md#arduino-devices). */
export const ZDevicePair = z
  .object({
    code: requiredText(1, 20, "Enter the pairing code", "Enter the pairing code"),
    deviceInfo: z.object({
      id: ZClientDeviceId,
      name: z.string().trim().min(1).max(80).optional(),
    }),
  })
  .meta({ id: "DevicePairRequest" });

/** What a device reports about itself: a flat JSON object of at most 2 KB. */
export const ZDeviceStatus = z
  .object({
    status: z
      .record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean(), z.null()]))
      .refine((v) => Object.keys(v).length <= 30, "Report at most 30 values")
      .refine((v) => JSON.stringify(v).length <= 2048, "Keep the status under 2 KB"),
  })
  .meta({ id: "DeviceStatusReport" });

/** The commands a person may send to their device (docs/product/api-gateway.md#arduino-devices). */
export const DEVICE_COMMANDS = ["status_request", "restart", "set_led", "set_relay"] as const;
export const ZDeviceCommand = z
  .object({
    command: z.enum(DEVICE_COMMANDS, { error: "The command is status_request, restart, set_led or set_relay" }),
    params: z
      .record(z.string().max(40), z.union([z.string().max(100), z.number(), z.boolean()]))
      .refine((v) => Object.keys(v).length <= 10, "Give at most 10 parameters")
      .optional(),
  })
  .meta({ id: "DeviceCommandRequest" });

export const ZPairingCodeRequest = z
  .object({
    deviceName: requiredText(1, 80, "Name the device", "Keep the device's name under 80 characters"),
  })
  .meta({ id: "PairingCodeRequest" });

/** The driver-only sign-in (docs/product/api-gateway.md#signing-in): a ZavCharge subscription id and its PIN. */
export const ZApiPinLogin = z
  .object({
    subscriptionId: z.string({ error: "Enter your Subscription ID" }).trim().min(1, "Enter your Subscription ID").max(40),
    pin: z.string({ error: "Enter your PIN" }).min(1, "Enter your PIN").max(20),
    platform: ZApiPlatform,
    deviceInfo: ZDeviceInfo,
  })
  .meta({ id: "PinLoginRequest" });
export type TApiPinLogin = z.output<typeof ZApiPinLogin>;
