import { ZSignUp } from "@domain/auth/auth-input";
import { ZDriverRegistration } from "@domain/zavcharge/accounts/account-input";
import { uniquePhone } from "./unique-values";

// What the registration forms send, parsed as their routes parse it, for Vitest: an address and phone of the test's
// own unless it names them.

const ownEmail = (who: string) => `${who}.${Math.random().toString(36).slice(2, 8)}@example.ng`;

/** The site's registration form (docs/product/accounts.md#registration). */
export function signUpInput(over: Record<string, unknown> = {}) {
  return ZSignUp.parse({
    name: "Ngozi Okafor",
    email: ownEmail("ngozi"),
    phone: uniquePhone(),
    password: "sunshine1",
    confirmPassword: "sunshine1",
    agreedToTerms: "on",
    ...over,
  });
}

/** ZavCharge's registration form, with a PIN (docs/product/zavcharge.md#accounts). */
export function driverRegistration(over: Record<string, unknown> = {}) {
  return ZDriverRegistration.parse({
    name: "Chinedu Okeke",
    email: ownEmail("chinedu"),
    phone: uniquePhone(),
    password: "Charge2026!",
    confirmPassword: "Charge2026!",
    pin: "135790",
    confirmPin: "135790",
    agreedToTerms: "on",
    ...over,
  });
}
