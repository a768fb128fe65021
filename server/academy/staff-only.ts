import { hasRoleLevel, type TViewer } from "@domain/access/roles";
import { refuse, type TFailure } from "@domain/errors/app-error";

/** Course authoring is for staff and admins (docs/product/academy.md#staff-authoring); null when allowed. */
export function refuseUnlessStaff(actor: TViewer): TFailure | null {
  return hasRoleLevel(actor.role, "staff") ? null : refuse("forbidden", "Only staff can change courses.");
}
