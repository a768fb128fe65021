import { hasRoleLevel, type TViewer } from "@domain/access/roles";
import { refuse, type TFailure } from "@domain/errors/app-error";

/** Stations, slots and maintenance are run by staff and admins (docs/product/zavcharge.md#stations-and-slots). */
export function refuseUnlessStaff(actor: TViewer): TFailure | null {
  return hasRoleLevel(actor.role, "staff") ? null : refuse("forbidden", "Only staff can change ZavCharge stations.");
}
