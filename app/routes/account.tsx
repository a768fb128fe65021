import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/account";
import type { TAccountSectionAnswer } from "~/components/account/account-section-answer";
import { DeleteAccountSection } from "~/components/account/delete-account-section";
import { SignedInDevices } from "~/components/account/signed-in-devices";
import { TwoFactorSection, type TTwoFactorState } from "~/components/account/two-factor-section";
import { PreferencesButton } from "~/components/notifications/preferences-button";
import { NewPasswordFields } from "~/components/forms/account-fields";
import { PhoneField } from "~/components/forms/nigerian-fields";
import { Field, FormError } from "~/components/ui/field";
import { CardSection } from "~/components/ui/card-section";
import { buttonClass } from "~/components/ui/styles";
import { maskedPhone } from "@domain/auth/second-factor";
import { metaFor } from "~/lib/meta";
import { getSecondFactors } from "@server/auth/read-second-factors";
import { smsConfigured } from "@server/messaging/transports";
import { listSignedInDevices } from "@server/gateway/signed-in-devices";
import { getProfile } from "@server/users/get-profile";
import { getMyDeletionRequest } from "@server/privacy/get-my-deletion-request";
import { requireUser } from "~/http/access.server";
import { answerPageIntent } from "~/http/page-intents.server";
import { readFormData, textFields } from "~/http/request-input.server";
import { ACCOUNT_INTENTS, sectionRefusal } from "./account-actions.server";

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

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context, request);
  const form = await readFormData(request);
  const fields = textFields(form);
  return answerPageIntent(ACCOUNT_INTENTS, fields, { request, viewer, form }, async (refusal) => sectionRefusal("form", refusal));
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, deletion } = loaderData;
  const busy = useNavigation().state === "submitting";
  const a = actionData as TAccountSectionAnswer | undefined;
  const err = (section: string) => (a?.section === section ? a : undefined);
  const profileErrors = err("profile")?.errors ?? {};
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

      <CardSection id="profile" title="Profile">
        {/* Keyed by the saved values so the inputs show them after a save (they are uncontrolled). */}
        <Form
          key={`${profile.name}|${profile.phone}|${profile.department}|${profile.image}`}
          method="post"
          encType="multipart/form-data"
          className="mt-4 grid gap-4 sm:grid-cols-2"
          noValidate
        >
          <input type="hidden" name="intent" value="profile" />
          <Field label="Full name" name="name" defaultValue={profile.name} autoComplete="name" error={profileErrors.name} />
          <PhoneField defaultValue={profile.phone ?? ""} error={profileErrors.phone} />
          {profile.role !== "customer" ? (
            <Field label="Department" name="department" defaultValue={profile.department ?? ""} error={profileErrors.department} />
          ) : null}
          <Field
            label="Photo"
            name="avatar"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            hint="PNG, JPEG or WebP, up to 1 MB"
            error={profileErrors.avatar}
          />
          <div className="sm:col-span-2">
            <button type="submit" className={buttonClass.primary} disabled={busy}>
              Save profile
            </button>
          </div>
        </Form>
      </CardSection>

      <CardSection id="notifications" title="Notifications">
        <p className="mt-1 text-sm text-muted">Choose e-mail or in-app notifications, and which reminders and updates you get.</p>
        <PreferencesButton className={`${buttonClass.outline} mt-4`} label="Notification Preferences" />
      </CardSection>

      <CardSection id="password" title="Change password">
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
          <NewPasswordFields label="New password" required={false} errors={err("password")?.errors ?? {}} />
          <div className="sm:col-span-3">
            <button type="submit" className={buttonClass.primary} disabled={busy}>
              Update password
            </button>
          </div>
        </Form>
      </CardSection>

      <TwoFactorSection state={loaderData.twoFactor} profilePhone={profile.phone ?? ""} result={err("2fa")} />

      <SignedInDevices
        devices={loaderData.signedInDevices}
        formError={err("devices")?.formError}
        fieldErrors={err("devices")?.errors}
        pairing={a?.section === "devices" ? a.pairing : undefined}
        busy={busy}
      />

      <CardSection id="data" title="Your data">
        <p className="mt-2 text-sm text-muted">
          Download a copy of everything Zavolah holds about you: your account, orders, bookings, courses, ZavCharge wallet, marketplace
          store and the messages we sent you (as a JSON file). For corrections, write to privacy@zavolah.ng: we answer within 30 days.
        </p>
        <a href="/account/data-export" className={`${buttonClass.outline} mt-4`} download>
          Download my data
        </a>
      </CardSection>

      <DeleteAccountSection deletion={deletion} state={err("delete")} busy={busy} />
    </div>
  );
}
