import { data } from "react-router";
import type { Route } from "./+types/register";
import { formatKobo } from "@domain/money/money";
import { invalidInput } from "@domain/errors/app-error";
import { ZDriverRegistration } from "@domain/zavcharge/account-input";
import { clientIp } from "@server/http/client-ip";
import { registerDriver } from "@server/zavcharge/register-driver";
import { pinSessionCookie } from "@server/zavcharge/pin-session-cookie";
import { actionResponse } from "~/http/action-response.server";
import { refererPath } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";

export async function loader() {
  throw data(null, { status: 405 });
}

const FORM_FIELDS = ["name", "email", "phone", "password", "confirmPassword", "pin", "confirmPin", "agreedToTerms"] as const;

/**
 * Registering in the ZavCharge context (docs/product/zavcharge.md#accounts): the answer shows the new id, the
 * welcome credit and, once, a generated PIN; a PIN session opens at the same time.
 */
export async function action({ request }: Route.ActionArgs) {
  const fields = await readForm(request);
  const parsed = ZDriverRegistration.safeParse(fields);
  const result = parsed.success ? await registerDriver(parsed.data, clientIp(request)) : invalidInput(parsed.error, FORM_FIELDS);
  const headers = new Headers();
  if (result.ok) headers.set("Set-Cookie", pinSessionCookie(result.session.token, result.session.maxAgeSeconds, request));
  return actionResponse(request, fields, result, {
    done: (r) => ({
      type: "success",
      title: `Account created successfully! Welcome, ${parsed.data?.name ?? ""}!`,
      description: `Your subscription ID is ${r.code}. ${formatKobo(r.welcomeCreditKobo)} welcome bonus added.${r.generatedPin ? ` Your PIN is ${r.generatedPin}: keep it safe.` : ""}`,
    }),
    failedTitle: "Registration Failed",
    answer: (r) => ({
      registered: { code: r.code, generatedPin: r.generatedPin, welcomeCreditKobo: r.welcomeCreditKobo, email: parsed.data?.email ?? "" },
    }),
    back: (r) => (r.ok ? "/zavcharge/dashboard" : refererPath(request, { login: "true", context: "zavcharge", tab: "register" })),
    headers,
  });
}
