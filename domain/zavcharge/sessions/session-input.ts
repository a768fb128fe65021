import { z } from "zod";
import { normaliseSubscriptionCode, pinDigits, STAFF_REASON_MAX, SUBSCRIBER_STATUS_FILTERS } from "../accounts/account-rules";
import { kwhTextToWh } from "./session-rules";
import { ADJUSTMENT_MAX_KOBO } from "../wallet/wallet-rules";

// Charging sessions, attendants and subscriber screens as the server reads their forms
// (docs/product/zavcharge.md#charging-sessions). Server-only: components import ./zavcharge.ts, not zod.

const id = (what: string) =>
  z.coerce
    .number({ message: `Choose a ${what}` })
    .int({ message: `Choose a ${what}` })
    .positive({ message: `Choose a ${what}` });

const BOTH = "Please enter both Subscription ID and PIN";

const meterReading = (required: boolean) =>
  z
    .string()
    .optional()
    .transform((s, ctx) => {
      const text = (s ?? "").trim();
      if (!text) {
        if (!required) return 0;
        ctx.addIssue({ code: "custom", message: "Enter the meter reading in kWh" });
        return z.NEVER;
      }
      const wh = kwhTextToWh(text);
      if (wh === null) {
        ctx.addIssue({ code: "custom", message: "Enter the meter reading in kWh, like 1234.56" });
        return z.NEVER;
      }
      return wh;
    });

/**
 * The attendant's start form: the driver types the id and PIN; the attendant picks a slot, sent as
 * "<station id>:<slot id>" by one select grouped by station (so it works without JavaScript).
 */
export const ZAttendantStart = z
  .object({
    subscriptionId: z
      .string()
      .optional()
      .transform((s) => normaliseSubscriptionCode(s ?? "")),
    pin: z
      .string()
      .optional()
      .transform((s) => pinDigits(s ?? "")),
    slot: z
      .string()
      .optional()
      .transform((s) => s ?? ""),
    meterStart: meterReading(false),
  })
  .superRefine((v, ctx) => {
    if (!v.subscriptionId || !v.pin) ctx.addIssue({ code: "custom", message: BOTH, path: [v.subscriptionId ? "pin" : "subscriptionId"] });
    else if (v.pin.length !== 6) ctx.addIssue({ code: "custom", message: "PIN must be exactly 6 digits", path: ["pin"] });
    // Checked after the id and PIN, so a driver's empty fields are the first thing the form says.
    if (!/^\d{1,9}:\d{1,9}$/.test(v.slot)) ctx.addIssue({ code: "custom", message: "Choose a station and slot", path: ["slot"] });
  })
  .transform(({ slot, ...v }) => {
    const [stationId, slotId] = slot.split(":").map(Number) as [number, number];
    return { ...v, stationId, slotId };
  });
export type TAttendantStart = z.infer<typeof ZAttendantStart>;

/** Stopping: the session and the meter reading at the stop (kWh with decimals, kept as Wh). */
export const ZStopSession = z.object({
  sessionId: id("session"),
  meterReading: meterReading(true),
});
export type TStopSession = z.infer<typeof ZStopSession>;

const reason = z
  .string({ message: "Give a reason" })
  .trim()
  .min(3, { message: "Give a reason" })
  .max(STAFF_REASON_MAX, { message: `Keep the reason to ${STAFF_REASON_MAX} characters` });

/** Suspending or reactivating an account, with the reason. */
export const ZAccountStatusChange = z.object({
  intent: z.enum(["suspend", "reactivate"], { message: "Choose suspend or reactivate" }),
  reason,
});
export type TAccountStatusChange = z.infer<typeof ZAccountStatusChange>;

/** A staff wallet adjustment: credit or debit, in naira with kobo, and the reason (admins only). */
export const ZWalletAdjustment = z.object({
  direction: z.enum(["credit", "debit"], { message: "Choose credit or debit" }),
  amount: z
    .string({ message: "Enter an amount in naira" })
    .trim()
    .regex(/^\d{1,7}([.]\d{1,2})?$/, { message: "Enter an amount in naira, like 2500 or 2500.50" })
    .transform((s) => {
      const [whole, frac = ""] = s.split(".");
      return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
    })
    .refine((k) => k > 0, { message: "The amount must be more than zero" })
    .refine((k) => k <= ADJUSTMENT_MAX_KOBO, { message: "An adjustment is at most ₦500,000" }),
  reason,
});
export type TWalletAdjustment = z.infer<typeof ZWalletAdjustment>;

/** The subscribers list's search and filter (from the address). */
export const ZSubscriberSearch = z.object({
  q: z
    .string()
    .optional()
    .transform((s) => (s ?? "").trim().slice(0, 100)),
  status: z.enum(SUBSCRIBER_STATUS_FILTERS).catch("all"),
  page: z.coerce.number().int().positive().catch(1),
});
export type TSubscriberSearch = z.infer<typeof ZSubscriberSearch>;
