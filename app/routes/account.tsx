import { data, Form, useNavigation } from "react-router";
import { parseThen, refuse, succeed, type TFailure } from "@domain/errors/app-error";
import type { Route } from "./+types/account";
import { PreferencesButton } from "~/components/notifications/preferences-button";
import { Field, FormError } from "~/components/ui/field";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { ZChangePassword, ZProfile, ZSecondFactorPhone, ZSmsCode, ZTotpCode } from "@domain/auth/auth-input";
import { maskedPhone } from "@domain/auth/second-factor";
import { TwoFactorSection, type TTwoFactorState } from "~/components/account/two-factor-section";
import { ZAskDeletion, ZDeletionRequestId } from "@domain/privacy/deletion-request-input";
import { DELETION_CONFIRM_WORD, DELETION_DUE_DAYS, deletionDueLabel, type TErasureHold } from "@domain/privacy/deletion-requests";
import { formatKobo } from "@domain/money/money";
import { formatLagosDateLong } from "@domain/time/lagos-time";
import { metaFor } from "~/lib/meta";
import { changePassword } from "@server/auth/change-password";
import { cancelPendingPhone } from "@server/auth/cancel-phone-factor";
import { confirmPhoneFactor } from "@server/auth/confirm-phone-factor";
import { confirmTwoFactor } from "@server/auth/confirm-two-factor";
import { getSecondFactors } from "@server/auth/read-second-factors";
import { removePhoneFactor } from "@server/auth/remove-phone-factor";
import { resendPhoneFactorCode } from "@server/auth/resend-phone-factor-code";
import { startPhoneFactor } from "@server/auth/start-phone-factor";
import { smsConfigured } from "@server/messaging/transports";
import { disableTwoFactor } from "@server/auth/disable-two-factor";
import { startTwoFactor } from "@server/auth/start-two-factor";
import { twoFactorEnrolmentView } from "@server/auth/two-factor-enrolment-view";
import { clientIp } from "@server/http/client-ip";
import { requireUser } from "~/http/access.server";
import { refusalMessages } from "~/http/action-response.server";
import { redirectWithFlash } from "~/http/form.server";
import { saveAvatar } from "@server/users/avatar-files";
import { getProfile } from "@server/users/get-profile";
import { updateProfile } from "@server/users/update-profile";
import { askForDeletion } from "@server/privacy/ask-for-deletion";
import { getMyDeletionRequest, type TMyDeletionRequest } from "@server/privacy/get-my-deletion-request";
import { withdrawDeletionRequest } from "@server/privacy/withdraw-deletion-request";
import { readFormData } from "~/http/request-input.server";
import { ZPairingCodeRequest } from "@domain/gateway/api-input";
import { formatPairingCode } from "@domain/gateway/device-pairing";
import { createPairingCode } from "@server/gateway/create-pairing-code";
import { listSignedInDevices, signOutDevice } from "@server/gateway/signed-in-devices";
import { SignedInDevices, type TPairingCodeShown } from "~/components/account/signed-in-devices";

export const meta: Route.MetaFunction = (args) => metaFor("/account", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const [profile, deletion, factors, devices] = await Promise.all([
    getProfile(viewer.id),
    getMyDeletionRequest(viewer),
    getSecondFactors(viewer.id),
    listSignedInDevices(viewer.id),
  ]);
  if (!profile) throw new Response("Not found", { status: 404 });
  // Only masked numbers reach the page (docs/product/accounts.md#two-factor-authentication).
  const twoFactor: TTwoFactorState = {
    enabled: factors.enabled,
    totp: factors.totp,
    phone: factors.phone ? maskedPhone(factors.phone.phone) : null,
    pendingPhone: factors.pendingPhone ? maskedPhone(factors.pendingPhone.phone) : null,
    smsAvailable: smsConfigured(),
  };
  const signedInDevices = devices
    .filter((d) => d.active)
    .map((d) => ({
      id: d.id,
      name: d.name,
      type: d.type,
      lastSeenAt: d.lastSeenAt.toISOString(),
      createdAt: d.createdAt.toISOString(),
      lastStatus: d.lastStatus,
      lastStatusAt: d.lastStatusAt?.toISOString() ?? null,
    }));
  return { profile, deletion, twoFactor, signedInDevices };
}

type TActionData = {
  section: string;
  errors?: Record<string, string>;
  formError?: string;
  enrol?: { qrSvg: string; secret: string; backupCodes: string[] };
  smsEnrol?: { backupCodes: string[]; sent?: string };
  /** A pairing code just made, shown this once (docs/product/api-gateway.md#arduino-devices). */
  pairing?: TPairingCodeShown;
};

/** A refusal as its section shows it: each field's message beside its input, or one message above the form. */
function sectionRefusal(section: string, failure: TFailure, keep: Omit<TActionData, "section" | "errors" | "formError"> = {}) {
  const messages = refusalMessages(failure);
  const body: TActionData =
    "fieldErrors" in messages ? { section, errors: messages.fieldErrors, ...keep } : { section, ...messages, ...keep };
  return data(body, { status: failure.error.status });
}

const PROFILE_FIELDS = ["name", "phone", "department", "avatar"] as const;
const PASSWORD_FIELDS = ["currentPassword", "password", "confirmPassword"] as const;
const PHONE_FIELDS = ["phone", "password"] as const;
const DELETION_FIELDS = ["password", "confirmWord", "forfeitBalance"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context, request);
  const form = await readFormData(request);
  const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const asker = { headers: request.headers, email: viewer.email, ip: clientIp(request) };
  // What a mistyped code keeps on screen: the recovery codes shown when the second factor was started.
  const backupCodes = (fields.backupCodes ?? "").split(",").filter(Boolean);
  switch (fields.intent) {
    case "profile": {
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
    }
    case "password": {
      const result = await parseThen(ZChangePassword, fields, PASSWORD_FIELDS, (input) =>
        changePassword(asker, input.currentPassword, input.password),
      );
      if (!result.ok) return sectionRefusal("password", result);
      return redirectWithFlash(
        "/account",
        { type: "success", title: "Password Updated", description: "Password updated successfully" },
        result.headers,
      );
    }
    case "2fa-start": {
      const result = await startTwoFactor(asker, fields.password ?? "");
      if (!result.ok) return sectionRefusal("2fa", result);
      return data({
        section: "2fa",
        enrol: { qrSvg: result.qrSvg, secret: result.secret, backupCodes: result.backupCodes },
      } satisfies TActionData);
    }
    case "2fa-verify": {
      // A mistyped first code keeps the same secret on screen instead of starting over.
      const enrol = await twoFactorEnrolmentView(viewer.email, fields.secret ?? "", backupCodes);
      const result = await parseThen(ZTotpCode, fields, ["code"], (input) => confirmTwoFactor(viewer.id, request.headers, input.code));
      if (!result.ok) return sectionRefusal("2fa", result, { enrol });
      return redirectWithFlash(
        "/account",
        { type: "success", title: "Two-factor authentication is on", description: "You will be asked for a code when you sign in." },
        result.headers,
      );
    }
    case "2fa-disable": {
      const result = await disableTwoFactor({ ...asker, userId: viewer.id }, fields.password ?? "");
      if (!result.ok) return sectionRefusal("2fa", result);
      return redirectWithFlash("/account", { type: "success", title: "Two-factor authentication is off" }, result.headers);
    }
    // Text message codes (docs/product/accounts.md#two-factor-authentication): add a number, prove it with its code.
    case "sms-start": {
      const result = await parseThen(ZSecondFactorPhone, fields, PHONE_FIELDS, (input) =>
        startPhoneFactor({ ...asker, userId: viewer.id }, input),
      );
      if (!result.ok) return sectionRefusal("2fa", result);
      return data({ section: "2fa", smsEnrol: { backupCodes: result.backupCodes ?? [] } } satisfies TActionData);
    }
    case "sms-verify": {
      const smsEnrol = { backupCodes };
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
    }
    case "sms-resend": {
      const smsEnrol = { backupCodes };
      const result = await resendPhoneFactorCode(viewer.id);
      if (!result.ok) return sectionRefusal("2fa", result, { smsEnrol });
      return data({
        section: "2fa",
        smsEnrol: { ...smsEnrol, sent: `We sent a new code to ${maskedPhone(result.phone)}.` },
      } satisfies TActionData);
    }
    case "sms-cancel": {
      await cancelPendingPhone(viewer.id);
      return redirectWithFlash("/account", { type: "info", title: "Number not added" });
    }
    case "sms-remove": {
      const result = await removePhoneFactor({ ...asker, userId: viewer.id }, fields.password ?? "");
      if (!result.ok) return sectionRefusal("2fa", result);
      return redirectWithFlash(
        "/account",
        { type: "success", title: result.off ? "Two-factor authentication is off" : "Text message codes are off" },
        result.headers,
      );
    }
    case "device-sign-out": {
      // A phone or device signed in through the app (docs/product/api-gateway.md#devices): its tokens stop at once.
      const result = await signOutDevice(viewer, { by: "id", value: fields.deviceId ?? "" }, "device_removed");
      if (!result.ok) return sectionRefusal("devices", result);
      return redirectWithFlash("/account#devices-title", { type: "success", title: "Device signed out", description: result.name });
    }
    case "device-pairing-code": {
      // A one-time code to pair an Arduino device (docs/product/api-gateway.md#arduino-devices), shown this once.
      const result = await parseThen(ZPairingCodeRequest, fields, ["deviceName"], (input) =>
        createPairingCode(viewer, viewer.id, input.deviceName),
      );
      if (!result.ok) return sectionRefusal("devices", result);
      return data<TActionData>({
        section: "devices",
        pairing: {
          code: formatPairingCode(result.code),
          expiresAt: result.expiresAt.toISOString(),
          deviceName: fields.deviceName?.trim() ?? "",
        },
      });
    }
    case "delete-ask": {
      const result = await parseThen(ZAskDeletion, fields, DELETION_FIELDS, (input) =>
        askForDeletion(viewer, input, { ip: clientIp(request) }),
      );
      if (!result.ok) return sectionRefusal("delete", result);
      return redirectWithFlash("/account#delete-title", {
        type: "success",
        title: `Request ${result.reference} received`,
        description: `We will delete your account by ${formatLagosDateLong(result.dueAt)} and e-mail you when it is done.`,
      });
    }
    case "delete-withdraw": {
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
    }
    default:
      return sectionRefusal("form", refuse("invalid_input", "Unknown action"));
  }
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, deletion } = loaderData;
  const busy = useNavigation().state === "submitting";
  const a = actionData as TActionData | undefined;
  const err = (section: string) => (a?.section === section ? a : undefined);
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-10">
      <header className="flex items-center gap-4">
        {profile.image ? (
          <img src={profile.image} alt="" width={64} height={64} className="h-16 w-16 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden
            className="flex h-16 w-16 items-center justify-center rounded-full bg-brand text-2xl font-bold text-brand-contrast"
          >
            {profile.name.slice(0, 1)}
          </span>
        )}
        <div>
          <h1 className="text-3xl font-bold">My account</h1>
          <p className="text-muted">
            {profile.email} · {profile.role}
            {profile.department ? ` · ${profile.department}` : ""} · {profile.points} points
          </p>
        </div>
      </header>

      <section className={cardClass} aria-labelledby="profile-title">
        <h2 id="profile-title" className="text-xl font-semibold">
          Profile
        </h2>
        {/* Keyed by the saved values so the inputs show them after a save (they are uncontrolled). */}
        <Form
          key={`${profile.name}|${profile.phone}|${profile.department}|${profile.image}`}
          method="post"
          encType="multipart/form-data"
          className="mt-4 grid gap-4 sm:grid-cols-2"
          noValidate
        >
          <input type="hidden" name="intent" value="profile" />
          <Field label="Full name" name="name" defaultValue={profile.name} autoComplete="name" error={err("profile")?.errors?.name} />
          <Field
            label="Phone"
            name="phone"
            type="tel"
            defaultValue={profile.phone ?? ""}
            autoComplete="tel"
            error={err("profile")?.errors?.phone}
          />
          {profile.role !== "customer" ? (
            <Field
              label="Department"
              name="department"
              defaultValue={profile.department ?? ""}
              error={err("profile")?.errors?.department}
            />
          ) : null}
          <Field
            label="Photo"
            name="avatar"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            hint="PNG, JPEG or WebP, up to 1 MB"
            error={err("profile")?.errors?.avatar}
          />
          <div className="sm:col-span-2">
            <button type="submit" className={buttonClass.primary} disabled={busy}>
              Save profile
            </button>
          </div>
        </Form>
      </section>

      <section className={cardClass} aria-labelledby="notifications-title">
        <h2 id="notifications-title" className="text-xl font-semibold">
          Notifications
        </h2>
        <p className="mt-1 text-sm text-muted">Choose e-mail or in-app notifications, and which reminders and updates you get.</p>
        <PreferencesButton className={`${buttonClass.outline} mt-4`} label="Notification Preferences" />
      </section>

      <section className={cardClass} aria-labelledby="password-title">
        <h2 id="password-title" className="text-xl font-semibold">
          Change password
        </h2>
        <p className="text-sm text-muted">Changing your password signs you out on your other devices.</p>
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-3" noValidate>
          <input type="hidden" name="intent" value="password" />
          <div className="sm:col-span-3">
            <FormError message={err("password")?.formError} />
          </div>
          <Field
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            error={err("password")?.errors?.currentPassword}
          />
          <Field
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            error={err("password")?.errors?.password}
          />
          <Field
            label="Confirm new password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            error={err("password")?.errors?.confirmPassword}
          />
          <div className="sm:col-span-3">
            <button type="submit" className={buttonClass.primary} disabled={busy}>
              Update password
            </button>
          </div>
        </Form>
      </section>

      <TwoFactorSection state={loaderData.twoFactor} profilePhone={profile.phone ?? ""} result={err("2fa")} />

      <SignedInDevices
        devices={loaderData.signedInDevices}
        formError={err("devices")?.formError}
        fieldErrors={err("devices")?.errors}
        pairing={a?.section === "devices" ? a.pairing : undefined}
        busy={busy}
      />

      <section className={cardClass} aria-labelledby="data-title">
        <h2 id="data-title" className="text-xl font-semibold">
          Your data
        </h2>
        <p className="mt-2 text-sm text-muted">
          Download a copy of everything Zavolah holds about you: your account, orders, bookings, courses, ZavCharge wallet, marketplace
          store and the messages we sent you (as a JSON file). For corrections, write to privacy@zavolah.ng: we answer within 30 days.
        </p>
        <a href="/account/data-export" className={`${buttonClass.outline} mt-4`} download>
          Download my data
        </a>
      </section>

      <DeleteAccountSection deletion={deletion} state={err("delete")} busy={busy} />
    </div>
  );
}

/** What the person sees before asking (docs/product/privacy-requests.md#asking): what goes, what stays, and how long it takes. */
function WhatHappens() {
  return (
    <div className="mt-2 space-y-2 text-sm">
      <p>
        <strong>We delete</strong> your profile (name, e-mail, phone, photo) and sign-in, your cart, saved listings, notifications and
        newsletter subscription, our team&apos;s notes about you, your messages to us and to sellers, your course work, your ZavCharge
        details and PIN, and your marketplace store. You can no longer sign in.
      </p>
      <p>
        <strong>We keep, without your name, e-mail, phone or address,</strong> your orders, invoices and payments (tax and accounting law
        requires them for 6 years), your course results and certificates (still verifiable by their code, without your name) and your
        reviews (shown as &ldquo;A customer&rdquo;).
      </p>
      <p>
        An order not paid yet is cancelled. If an order is on its way to you, or we still owe you marketplace earnings, we finish that
        first. We do it within {DELETION_DUE_DAYS} days and e-mail you when it is done; until then you can withdraw your request.
      </p>
    </div>
  );
}

function HoldsList({ holds }: { holds: TErasureHold[] }) {
  if (!holds.length) return null;
  return (
    <div className="mt-3 text-sm">
      <p className="font-semibold">Before we can finish:</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {holds.map((h) => (
          <li key={h.reason}>{h.reason}</li>
        ))}
      </ul>
    </div>
  );
}

function DeleteAccountSection({ deletion, state, busy }: { deletion: TMyDeletionRequest; state?: TActionData; busy: boolean }) {
  return (
    <section className={cardClass} aria-labelledby="delete-title" data-testid="delete-account">
      <h2 id="delete-title" className="text-xl font-semibold">
        Delete my account
      </h2>
      <FormError message={state?.formError} />
      {!deletion.canAsk ? (
        <p className="mt-2 text-sm text-muted">
          Staff and administrator accounts are closed by an administrator. Ask an administrator to change your role to customer, then ask
          here.
        </p>
      ) : deletion.open ? (
        <div className="mt-2 space-y-3" data-testid="deletion-open">
          <p className="text-sm">
            We received your request <strong>{deletion.open.reference}</strong> on {formatLagosDateLong(deletion.open.requestedAt)}. We will
            delete your account and personal data by <strong>{formatLagosDateLong(deletion.open.dueAt)}</strong> (
            {deletionDueLabel(deletion.open.daysLeft).toLowerCase()}) and e-mail you when it is done.
          </p>
          <HoldsList holds={deletion.open.holds} />
          <Form method="post">
            <input type="hidden" name="intent" value="delete-withdraw" />
            <input type="hidden" name="requestId" value={deletion.open.id} />
            <button type="submit" className={buttonClass.outline} disabled={busy}>
              Withdraw my request
            </button>
          </Form>
        </div>
      ) : (
        <>
          {deletion.last ? (
            <p className="mt-2 text-sm text-muted" data-testid="deletion-last">
              Your request {deletion.last.reference} was {deletion.last.status}
              {deletion.last.at ? ` on ${formatLagosDateLong(deletion.last.at)}` : ""}
              {deletion.last.reason ? `: ${deletion.last.reason}` : "."}
            </p>
          ) : null}
          <WhatHappens />
          <Form method="post" className="mt-4 space-y-4" noValidate>
            <input type="hidden" name="intent" value="delete-ask" />
            {deletion.needsPassword ? (
              <Field
                label="Your password"
                name="password"
                type="password"
                autoComplete="current-password"
                className="max-w-sm"
                error={state?.errors?.password}
              />
            ) : (
              <Field
                label={`Type ${DELETION_CONFIRM_WORD} to confirm`}
                name="confirmWord"
                autoComplete="off"
                autoCapitalize="characters"
                className="max-w-sm"
                error={state?.errors?.confirmWord}
              />
            )}
            {deletion.zavchargeBalanceKobo > 0 ? (
              <div>
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="forfeitBalance"
                    className="mt-1 h-4 w-4"
                    aria-invalid={state?.errors?.forfeitBalance ? true : undefined}
                  />
                  <span>
                    I give up the {formatKobo(deletion.zavchargeBalanceKobo)} left in my ZavCharge wallet. (To get it back instead, close
                    your ZavCharge account from its dashboard and ask for a refund first.)
                  </span>
                </label>
                {state?.errors?.forfeitBalance ? (
                  <p className="mt-1 text-sm text-danger" role="alert">
                    {state.errors.forfeitBalance}
                  </p>
                ) : null}
              </div>
            ) : null}
            <button type="submit" className={buttonClass.danger} disabled={busy}>
              Ask to delete my account
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
