import { data } from "react-router";
import type { TViewer } from "@domain/access/roles";
import { ZChangePassword, ZProfile, ZSecondFactorPhone, ZSmsCode, ZTotpCode } from "@domain/auth/auth-input";
import { maskedPhone } from "@domain/auth/second-factor";
import { parseThen, refuse, succeed, type TFailure } from "@domain/errors/app-error";
import { ZPairingCodeRequest } from "@domain/gateway/api-input";
import { formatPairingCode } from "@domain/gateway/device-pairing";
import { ZAskDeletion, ZDeletionRequestId } from "@domain/privacy/deletion-request-input";
import { formatLagosDateLong } from "@domain/time/lagos-time";
import { cancelPendingPhone } from "@server/auth/cancel-phone-factor";
import { changePassword } from "@server/auth/change-password";
import { confirmPhoneFactor } from "@server/auth/confirm-phone-factor";
import { confirmTwoFactor } from "@server/auth/confirm-two-factor";
import { disableTwoFactor } from "@server/auth/disable-two-factor";
import { removePhoneFactor } from "@server/auth/remove-phone-factor";
import { resendPhoneFactorCode } from "@server/auth/resend-phone-factor-code";
import { startPhoneFactor } from "@server/auth/start-phone-factor";
import { startTwoFactor } from "@server/auth/start-two-factor";
import { twoFactorEnrolmentView } from "@server/auth/two-factor-enrolment-view";
import { createPairingCode } from "@server/gateway/create-pairing-code";
import { signOutDevice } from "@server/gateway/signed-in-devices";
import { clientIp } from "@server/http/client-ip";
import { askForDeletion } from "@server/privacy/ask-for-deletion";
import { withdrawDeletionRequest } from "@server/privacy/withdraw-deletion-request";
import { saveAvatar } from "@server/users/avatar-files";
import { updateProfile } from "@server/users/update-profile";
import type { TAccountSectionAnswer } from "~/components/account/account-section-answer";
import { refusalMessages } from "~/http/action-response.server";
import { redirectWithFlash } from "~/http/form.server";
import type { TPageIntents } from "~/http/page-intents.server";

// The account page's forms (docs/product/accounts.md), called from its action after requireUser. Each answers for its
// section: a refusal renders the page again with the messages in that section, a change redirects with a flash message.

export type TAccountContext = { request: Request; viewer: TViewer; form: FormData };

/** A refusal as its section shows it: each field's message beside its input, or one message above the form. */
export function sectionRefusal(
  section: string,
  failure: TFailure,
  keep: Omit<TAccountSectionAnswer, "section" | "errors" | "formError"> = {},
) {
  const messages = refusalMessages(failure);
  const body: TAccountSectionAnswer =
    "fieldErrors" in messages ? { section, errors: messages.fieldErrors, ...keep } : { section, ...messages, ...keep };
  return data(body, { status: failure.error.status });
}

type TAccountAnswer = ReturnType<typeof sectionRefusal> | Response;

const PROFILE_FIELDS = ["name", "phone", "department", "avatar"] as const;
const PASSWORD_FIELDS = ["currentPassword", "password", "confirmPassword"] as const;
const PHONE_FIELDS = ["phone", "password"] as const;
const DELETION_FIELDS = ["password", "confirmWord", "forfeitBalance"] as const;

/** Who is asking, as the sign-in checks want it (a password or a second factor is checked against the account). */
const askerOf = ({ request, viewer }: TAccountContext) => ({ headers: request.headers, email: viewer.email, ip: clientIp(request) });

/** What a mistyped code keeps on screen: the recovery codes shown when the second factor was started. */
const backupCodesOf = (fields: Record<string, string>) => (fields.backupCodes ?? "").split(",").filter(Boolean);

export const ACCOUNT_INTENTS: TPageIntents<TAccountContext, TAccountAnswer> = {
  profile: async (fields, { viewer, form }) => {
    const result = await parseThen(ZProfile, fields, PROFILE_FIELDS, async (input) => {
      let avatarPath: string | undefined;
      const avatar = form.get("avatar");
      if (avatar instanceof File && avatar.size > 0) {
        const saved = await saveAvatar(viewer.id, avatar);
        if ("error" in saved) return refuse("invalid_input", saved.error, { field: "avatar" });
        avatarPath = saved.path;
      }
      await updateProfile(viewer.id, viewer.role, input, avatarPath);
      return succeed();
    });
    if (!result.ok) return sectionRefusal("profile", result);
    return redirectWithFlash("/account", { type: "success", title: "Profile Updated" });
  },
  password: async (fields, context) => {
    const result = await parseThen(ZChangePassword, fields, PASSWORD_FIELDS, (input) =>
      changePassword(askerOf(context), input.currentPassword, input.password),
    );
    if (!result.ok) return sectionRefusal("password", result);
    return redirectWithFlash(
      "/account",
      { type: "success", title: "Password Updated", description: "Password updated successfully" },
      result.headers,
    );
  },
  "2fa-start": async (fields, context) => {
    const result = await startTwoFactor(askerOf(context), fields.password ?? "");
    if (!result.ok) return sectionRefusal("2fa", result);
    return data({
      section: "2fa",
      enrol: { qrSvg: result.qrSvg, secret: result.secret, backupCodes: result.backupCodes },
    } satisfies TAccountSectionAnswer);
  },
  "2fa-verify": async (fields, { request, viewer }) => {
    // A mistyped first code keeps the same secret on screen instead of starting over.
    const enrol = await twoFactorEnrolmentView(viewer.email, fields.secret ?? "", backupCodesOf(fields));
    const result = await parseThen(ZTotpCode, fields, ["code"], (input) => confirmTwoFactor(viewer.id, request.headers, input.code));
    if (!result.ok) return sectionRefusal("2fa", result, { enrol });
    return redirectWithFlash(
      "/account",
      { type: "success", title: "Two-factor authentication is on", description: "You will be asked for a code when you sign in." },
      result.headers,
    );
  },
  "2fa-disable": async (fields, context) => {
    const result = await disableTwoFactor({ ...askerOf(context), userId: context.viewer.id }, fields.password ?? "");
    if (!result.ok) return sectionRefusal("2fa", result);
    return redirectWithFlash("/account", { type: "success", title: "Two-factor authentication is off" }, result.headers);
  },
  // Text message codes (docs/product/accounts.md#two-factor-authentication): add a number, prove it with its code.
  "sms-start": async (fields, context) => {
    const result = await parseThen(ZSecondFactorPhone, fields, PHONE_FIELDS, (input) =>
      startPhoneFactor({ ...askerOf(context), userId: context.viewer.id }, input),
    );
    if (!result.ok) return sectionRefusal("2fa", result);
    return data({ section: "2fa", smsEnrol: { backupCodes: result.backupCodes ?? [] } } satisfies TAccountSectionAnswer);
  },
  "sms-verify": async (fields, { viewer }) => {
    const smsEnrol = { backupCodes: backupCodesOf(fields) };
    const result = await parseThen(ZSmsCode, fields, ["code"], async (input) => {
      const confirmed = await confirmPhoneFactor(viewer.id, input.code);
      return confirmed.ok ? confirmed : refuse(confirmed.error.code, confirmed.error.message, { field: "code" });
    });
    if (!result.ok) return sectionRefusal("2fa", result, { smsEnrol });
    return redirectWithFlash("/account", {
      type: "success",
      title: "Text message codes are on",
      description: `When you sign in we will text a code to ${maskedPhone(result.phone)}.`,
    });
  },
  "sms-resend": async (fields, { viewer }) => {
    const smsEnrol = { backupCodes: backupCodesOf(fields) };
    const result = await resendPhoneFactorCode(viewer.id);
    if (!result.ok) return sectionRefusal("2fa", result, { smsEnrol });
    return data({
      section: "2fa",
      smsEnrol: { ...smsEnrol, sent: `We sent a new code to ${maskedPhone(result.phone)}.` },
    } satisfies TAccountSectionAnswer);
  },
  "sms-cancel": async (_fields, { viewer }) => {
    await cancelPendingPhone(viewer.id);
    return redirectWithFlash("/account", { type: "info", title: "Number not added" });
  },
  "sms-remove": async (fields, context) => {
    const result = await removePhoneFactor({ ...askerOf(context), userId: context.viewer.id }, fields.password ?? "");
    if (!result.ok) return sectionRefusal("2fa", result);
    return redirectWithFlash(
      "/account",
      { type: "success", title: result.off ? "Two-factor authentication is off" : "Text message codes are off" },
      result.headers,
    );
  },
  "device-sign-out": async (fields, { viewer }) => {
    // A phone or device signed in through the app (docs/product/api-gateway.md#devices): its tokens stop at once.
    const result = await signOutDevice(viewer, { by: "id", value: fields.deviceId ?? "" }, "device_removed");
    if (!result.ok) return sectionRefusal("devices", result);
    return redirectWithFlash("/account#devices-title", { type: "success", title: "Device signed out", description: result.name });
  },
  "device-pairing-code": async (fields, { viewer }) => {
    // A one-time code to pair an Arduino device (docs/product/api-gateway.md#arduino-devices), shown this once.
    const result = await parseThen(ZPairingCodeRequest, fields, ["deviceName"], (input) =>
      createPairingCode(viewer, viewer.id, input.deviceName),
    );
    if (!result.ok) return sectionRefusal("devices", result);
    return data<TAccountSectionAnswer>({
      section: "devices",
      pairing: {
        code: formatPairingCode(result.code),
        expiresAt: result.expiresAt.toISOString(),
        deviceName: fields.deviceName?.trim() ?? "",
      },
    });
  },
  "delete-ask": async (fields, { request, viewer }) => {
    const result = await parseThen(ZAskDeletion, fields, DELETION_FIELDS, (input) =>
      askForDeletion(viewer, input, { ip: clientIp(request) }),
    );
    if (!result.ok) return sectionRefusal("delete", result);
    return redirectWithFlash("/account#delete-title", {
      type: "success",
      title: `Request ${result.reference} received`,
      description: `We will delete your account by ${formatLagosDateLong(result.dueAt)} and e-mail you when it is done.`,
    });
  },
  "delete-withdraw": async (fields, { viewer }) => {
    const result = await parseThen(ZDeletionRequestId, fields, [], (input) => withdrawDeletionRequest(viewer, input.requestId));
    if (!result.ok)
      return sectionRefusal(
        "delete",
        result.error.code === "invalid_input" ? refuse("invalid_input", "That request does not exist") : result,
      );
    return redirectWithFlash("/account#delete-title", {
      type: "success",
      title: `Request ${result.reference} withdrawn`,
      description: "Your account stays as it is.",
    });
  },
};
