import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Profile fields checked by register-user.ts, handed to better-auth's user-create hook so the account
 * row is inserted with its role, phone and staff fields in one statement (never editable by the client).
 */
export type TRegistrationProfile = {
  role: "customer" | "staff" | "admin";
  phone: string;
  staffCode: string | null;
  department: string | null;
  newsletterOptIn: boolean;
};

export const registrationContext = new AsyncLocalStorage<TRegistrationProfile>();
