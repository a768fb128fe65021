import { formatKobo } from "@domain/money/money";
import { ZSmsCode } from "@domain/auth/auth-input";
import { parseThen } from "@domain/errors/app-error";
import { ZCloseDriverAccount, ZDriverDetails } from "@domain/zavcharge/accounts/account-input";
import { ZDriverStartForm, ZDriverStopForm } from "@domain/zavcharge/chargers/charger-input";
import { clientDevice } from "@server/http/client-ip";
import { closeDriverAccount } from "@server/zavcharge/accounts/close-driver-account";
import type { TDriverAccount } from "@server/zavcharge/accounts/find-driver-account";
import { clearPinSessionCookie } from "@server/zavcharge/accounts/pin-session-cookie";
import { proveDriverPhone, sendDriverPhoneCode } from "@server/zavcharge/prove-driver-phone";
import { unlockPinSignIn } from "@server/zavcharge/accounts/unlock-pin-sign-in";
import { updateDriverDetails } from "@server/zavcharge/accounts/update-driver-details";
import { startRemoteCharging } from "@server/zavcharge/chargers/start-remote-charging";
import { stopRemoteCharging } from "@server/zavcharge/chargers/stop-remote-charging";
import { actionResponse, type TActionResponse } from "~/http/action-response.server";
import { redirectWithFlash } from "~/http/form.server";
import type { TPageIntents } from "~/http/page-intents.server";

// The driver dashboard's writes (docs/product/zavcharge.md#accounts): start and stop charging, confirm the phone for the
// welcome, unlock PIN sign-in, edit the details, close the account. Called from its action for the signed-in driver.

export type TDriverDashboardContext = { request: Request; driver: TDriverAccount };

/** The fields of the start and close forms, where their messages show. */
const START_FIELDS = ["place", "limitKind", "limitValue"] as const;
const CLOSE_FIELDS = ["requestRefund"] as const;

export const DRIVER_DASHBOARD_INTENTS: TPageIntents<TDriverDashboardContext, TActionResponse> = {
  start: async (fields, { request, driver }) => {
    const result = await parseThen(ZDriverStartForm, fields, START_FIELDS, (input) =>
      startRemoteCharging({ accountId: driver.id, ...input }),
    );
    return actionResponse(request, fields, result, {
      done: () => ({ type: "success", title: "The charger is starting", description: "Charging begins in a few seconds." }),
      failedTitle: "Could not start charging",
    });
  },
  stop: async (fields, { request, driver }) => {
    const result = await parseThen(ZDriverStopForm, fields, [], (input) => stopRemoteCharging(driver.id, input.sessionId));
    return actionResponse(request, fields, result, {
      done: () => ({ type: "success", title: "The charger is stopping", description: "Your receipt follows in a moment." }),
      failedTitle: "Could not stop charging",
    });
  },
  // The welcome waiting for the phone (docs/product/zavcharge.md#welcome-credit): its texted code, or a new one.
  "prove-phone": async (fields, { request, driver }) => {
    const result = await parseThen(ZSmsCode, fields, ["code"], (input) => proveDriverPhone(driver, input.code, clientDevice(request)));
    return actionResponse(request, fields, result, {
      done: (r) =>
        r.welcomeCreditKobo > 0
          ? {
              type: "success",
              title: "Phone confirmed",
              description: `${formatKobo(r.welcomeCreditKobo)} welcome credit added, and your first month is free.`,
            }
          : {
              type: "info",
              title: "Phone confirmed",
              description: "The welcome bonus goes once per person: top up and choose a plan to start charging.",
            },
      failedTitle: "Phone not confirmed",
    });
  },
  "send-phone-code": async (fields, { request, driver }) => {
    const result = await sendDriverPhoneCode(driver);
    return actionResponse(request, fields, result, {
      done: (r) => ({ type: "success", title: "Code sent", description: `We texted a new code to ${r.phone}.` }),
      failedTitle: "No code sent",
    });
  },
  "unlock-pin": async (fields, { request, driver }) => {
    const result = await unlockPinSignIn(driver);
    return actionResponse(request, fields, result, {
      done: () => ({ type: "success", title: "PIN sign-in unlocked", description: "Your PIN works again at stations and on this site." }),
      failedTitle: "Could not unlock PIN sign-in",
    });
  },
  close: async (fields, { request, driver }) => {
    const result = await parseThen(ZCloseDriverAccount, fields, CLOSE_FIELDS, async (input) => {
      const closed = await closeDriverAccount(driver.id, { ...input, signedInWith: driver.via });
      return closed.ok ? { ...closed, refundAsked: input.requestRefund && closed.balanceKobo > 0 } : closed;
    });
    if (!result.ok) return actionResponse(request, fields, result, { done: () => "", failedTitle: "Could not delete the account" });
    const headers = new Headers({ "Set-Cookie": clearPinSessionCookie(request) });
    const refund = result.refundAsked;
    return redirectWithFlash(
      "/zavcharge",
      {
        type: "success",
        title: "Account deleted successfully",
        description: refund ? `We will refund your ${formatKobo(result.balanceKobo)} balance and contact you about it.` : undefined,
      },
      headers,
    );
  },
  update: async (fields, { request, driver }) => {
    const result = await parseThen(ZDriverDetails, fields, ["name", "phone"], (input) => updateDriverDetails(driver.id, input, driver.via));
    return actionResponse(request, fields, result, {
      done: () => "Account updated successfully",
      failedTitle: "Could not update the account",
    });
  },
};
