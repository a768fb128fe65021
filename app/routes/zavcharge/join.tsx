import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/join";
import { formatKobo } from "@domain/money/money";
import { parseThen } from "@domain/errors/app-error";
import { ZJoinZavCharge } from "@domain/zavcharge/accounts/account-input";
import { accountOpenedMessage, WELCOME_CREDIT_KOBO } from "@domain/zavcharge/accounts/account-rules";
import { smsConfigured } from "@server/messaging/transports";
import { getProfile } from "@server/users/get-profile";
import { findDriverAccountForUser } from "@server/zavcharge/accounts/find-driver-account";
import { clientDevice } from "@server/http/client-ip";
import { joinZavCharge } from "@server/zavcharge/join-zavcharge";
import { Field, FormError } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { PinFields } from "~/components/zavcharge/pin-fields";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { requireUser } from "~/http/access.server";
import { formRefusal } from "~/http/action-response.server";
import { redirectWithFlash } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";
import { formRefusalIn } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  if (await findDriverAccountForUser(viewer.id)) throw redirect("/zavcharge/dashboard");
  const profile = await getProfile(viewer.id);
  // Where the site sends texts, the welcome waits for the phone's code (docs/product/zavcharge.md#welcome-credit).
  return { name: viewer.name, email: viewer.email, phone: profile?.phone ?? "", phoneCode: smsConfigured() };
}

export const meta: Route.MetaFunction = (args) => metaFor("/zavcharge/join", args);

/** A signed-in account opens its ZavCharge account (docs/product/zavcharge.md#accounts). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context, request);
  const fields = await readForm(request);
  const result = await parseThen(ZJoinZavCharge, fields, ["phone", "pin", "confirmPin"], (input) =>
    joinZavCharge(viewer, input, clientDevice(request)),
  );
  if (!result.ok) return formRefusal(result, { phone: fields.phone ?? "" });
  return redirectWithFlash("/zavcharge/dashboard", {
    type: "success",
    title: `Welcome to ZavCharge, ${viewer.name}!`,
    description: accountOpenedMessage(result),
  });
}

export default function JoinZavCharge({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const refused = formRefusalIn(actionData);
  const errors = refused?.error.fieldErrors ?? {};
  return (
    <section className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <PageHeader eyebrow="ZavCharge" title="Join ZavCharge" titleClassName="mt-1 text-2xl font-bold sm:text-3xl">
        Charge at any ZavCharge station with a prepaid wallet. A new driver starts on the Monthly plan with a{" "}
        {formatKobo(WELCOME_CREDIT_KOBO)} welcome credit, once per person{loaderData.phoneCode ? ", once they confirm their phone" : ""}.
      </PageHeader>
      <Form method="post" className={`${cardClass} mt-6 space-y-4`} noValidate>
        <FormError message={refused && !refused.error.field ? refused.error.message : null} />
        <p className="text-sm">
          For <strong>{loaderData.name}</strong> ({loaderData.email})
        </p>
        <Field
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          required
          defaultValue={refused?.values.phone ?? loaderData.phone}
          error={errors.phone}
          hint={
            loaderData.phoneCode
              ? "Nigerian mobile number: we text a code here to confirm it for your welcome credit"
              : "Nigerian mobile number: your welcome SMS goes here"
          }
        />
        <PinFields errors={errors} />
        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy}>
          {busy ? "Creating your account..." : "Create my ZavCharge account"}
        </button>
      </Form>
    </section>
  );
}
