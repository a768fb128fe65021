import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/account";
import { PreferencesButton } from "~/components/notifications/preferences-button";
import { Field, FormError } from "~/components/ui/field";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { fieldErrors, ZChangePassword, ZProfile, ZTotpCode } from "@domain/auth/auth-input";
import { metaFor } from "~/lib/meta";
import { changePassword } from "@server/auth/change-password";
import { confirmTwoFactor } from "@server/auth/confirm-two-factor";
import { disableTwoFactor } from "@server/auth/disable-two-factor";
import { startTwoFactor } from "@server/auth/start-two-factor";
import { twoFactorEnrolmentView } from "@server/auth/two-factor-enrolment-view";
import { clientIp } from "@server/http/client-ip";
import { requireUser } from "~/http/access.server";
import { redirectWithFlash } from "~/http/form.server";
import { saveAvatar } from "@server/users/avatar-files";
import { getProfile } from "@server/users/get-profile";
import { updateProfile } from "@server/users/update-profile";
import { readFormData } from "~/http/request-input.server";

export const meta: Route.MetaFunction = (args) => metaFor("/account", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const profile = await getProfile(viewer.id);
  if (!profile) throw new Response("Not found", { status: 404 });
  return { profile };
}

type TActionData = {
  section: string;
  errors?: Record<string, string>;
  formError?: string;
  enrol?: { qrSvg: string; secret: string; backupCodes: string[] };
};

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context, request);
  const form = await readFormData(request);
  const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const fail = (body: TActionData, status = 400) => data(body, { status });
  const asker = { headers: request.headers, email: viewer.email, ip: clientIp(request) };
  switch (fields.intent) {
    case "profile": {
      const parsed = ZProfile.safeParse(fields);
      if (!parsed.success) return fail({ section: "profile", errors: fieldErrors(parsed.error) });
      let avatarPath: string | undefined;
      const avatar = form.get("avatar");
      if (avatar instanceof File && avatar.size > 0) {
        const saved = await saveAvatar(viewer.id, avatar);
        if ("error" in saved) return fail({ section: "profile", errors: { avatar: saved.error } });
        avatarPath = saved.path;
      }
      await updateProfile(viewer.id, viewer.role, parsed.data, avatarPath);
      return redirectWithFlash("/account", { type: "success", title: "Profile Updated" });
    }
    case "password": {
      const parsed = ZChangePassword.safeParse(fields);
      if (!parsed.success) return fail({ section: "password", errors: fieldErrors(parsed.error) });
      const result = await changePassword(asker, parsed.data.currentPassword, parsed.data.password);
      if (!result.ok) return fail({ section: "password", formError: result.message });
      return redirectWithFlash(
        "/account",
        { type: "success", title: "Password Updated", description: "Password updated successfully" },
        result.headers,
      );
    }
    case "2fa-start": {
      const result = await startTwoFactor(asker, fields.password ?? "");
      if (!result.ok) return fail({ section: "2fa", formError: result.message });
      return data({
        section: "2fa",
        enrol: { qrSvg: result.qrSvg, secret: result.secret, backupCodes: result.backupCodes },
      } satisfies TActionData);
    }
    case "2fa-verify": {
      // A mistyped first code keeps the same secret on screen instead of starting over.
      const enrol = await twoFactorEnrolmentView(viewer.email, fields.secret ?? "", (fields.backupCodes ?? "").split(",").filter(Boolean));
      const parsed = ZTotpCode.safeParse(fields);
      if (!parsed.success) return fail({ section: "2fa", errors: fieldErrors(parsed.error), enrol });
      const result = await confirmTwoFactor(request.headers, parsed.data.code);
      if (!result.ok) return fail({ section: "2fa", formError: result.message, enrol });
      return redirectWithFlash(
        "/account",
        { type: "success", title: "Two-factor authentication is on", description: "You will be asked for a code when you sign in." },
        result.headers,
      );
    }
    case "2fa-disable": {
      const result = await disableTwoFactor(asker, fields.password ?? "");
      if (!result.ok) return fail({ section: "2fa", formError: result.message });
      return redirectWithFlash("/account", { type: "success", title: "Two-factor authentication is off" }, result.headers);
    }
    default:
      return fail({ section: "form", formError: "Unknown action" });
  }
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
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

      <section className={cardClass} aria-labelledby="tfa-title">
        <h2 id="tfa-title" className="text-xl font-semibold">
          Two-factor authentication
        </h2>
        <FormError message={err("2fa")?.formError} />
        {profile.twoFactorEnabled ? (
          <>
            <p className="mt-2 text-sm">
              <strong className="text-brand">On.</strong> You enter a code from your authenticator app when you sign in.
            </p>
            <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="2fa-disable" />
              <Field label="Password" name="password" type="password" autoComplete="current-password" />
              <button type="submit" className={buttonClass.danger}>
                Turn off
              </button>
            </Form>
          </>
        ) : a?.enrol ? (
          <div className="mt-4 space-y-4">
            <p className="text-sm">
              Scan this code with Google Authenticator, Microsoft Authenticator or a similar app, then enter the 6-digit code it shows.
            </p>
            <div className="w-fit rounded-lg bg-white p-2" dangerouslySetInnerHTML={{ __html: a.enrol.qrSvg }} />
            <p className="text-sm">
              Or type this key:{" "}
              <code className="break-all font-mono" data-testid="totp-secret">
                {a.enrol.secret}
              </code>
            </p>
            <div>
              <p className="text-sm font-semibold">Recovery codes: save them somewhere safe. Each works once if you lose your phone.</p>
              <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-5" data-testid="recovery-codes">
                {a.enrol.backupCodes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </div>
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="2fa-verify" />
              <input type="hidden" name="secret" value={a.enrol.secret} />
              <input type="hidden" name="backupCodes" value={a.enrol.backupCodes.join(",")} />
              <Field
                label="Code from the app"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                error={err("2fa")?.errors?.code}
              />
              <button type="submit" className={buttonClass.primary}>
                Verify and turn on
              </button>
            </Form>
          </div>
        ) : (
          <>
            <p className="mt-2 text-sm text-muted">Protect your account with a code from an authenticator app as well as your password.</p>
            <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="2fa-start" />
              <Field label="Password" name="password" type="password" autoComplete="current-password" />
              <button type="submit" className={buttonClass.primary}>
                Set up two-factor
              </button>
            </Form>
          </>
        )}
      </section>

      <section className={cardClass} aria-labelledby="data-title">
        <h2 id="data-title" className="text-xl font-semibold">
          Your data
        </h2>
        <p className="mt-2 text-sm text-muted">
          Download a copy of everything Zavolah holds about you: your account, orders, bookings, courses, ZavCharge wallet, marketplace
          store and the messages we sent you (as a JSON file). For corrections or deletion, write to privacy@zavolah.ng: we answer within 30
          days.
        </p>
        <a href="/account/data-export" className={`${buttonClass.outline} mt-4`} download>
          Download my data
        </a>
      </section>
    </div>
  );
}
