import { z } from "zod";
import { optionalText } from "../catalog/catalog-input";
import { ROLES } from "./roles";

// The admins' users list and role changes (docs/product/roles-and-access.md#users-list), parsed on the server.

export const ZUserListFilters = z.object({
  q: optionalText(100),
  role: z.enum(ROLES).nullable().catch(null),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type TUserListFilters = z.output<typeof ZUserListFilters>;

export function parseUserListFilters(params: URLSearchParams): TUserListFilters {
  return ZUserListFilters.parse({ q: params.get("q"), role: params.get("role"), page: params.get("page") ?? 1 });
}

export const ZRoleChange = z.object({
  userId: z.string().trim().min(1, "Choose a person").max(100),
  role: z.enum(ROLES, { error: "Choose customer, staff or admin" }),
});
export type TRoleChange = z.output<typeof ZRoleChange>;

/** A second admin's answer to a waiting promotion (docs/product/roles-and-access.md#administrators). */
export const ZAdminGrantDecision = z.object({
  grantId: z.coerce.number({ error: "Choose a promotion" }).int().positive("Choose a promotion"),
  decision: z.enum(["approve", "reject"], { error: "Approve or reject" }),
});
export type TAdminGrantDecision = z.output<typeof ZAdminGrantDecision>;
