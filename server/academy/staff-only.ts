import { hasRoleLevel, type TViewer } from "@domain/access/roles";
import { refuse, type TFailure, type TResult } from "@domain/errors/app-error";
import type { Tx } from "../db/client";
import { changePublicContent } from "../http/page-cache";

/** Course authoring is for staff and admins (docs/product/academy.md#staff-authoring); null when allowed. */
export function refuseUnlessStaff(actor: TViewer): TFailure | null {
  return hasRoleLevel(actor.role, "staff") ? null : refuse("forbidden", "Only staff can change courses.");
}

/**
 * One change to a course's content by staff, in one transaction; once it is committed the cached pages that show
 * courses are renewed.
 */
export async function changeCourseContent<T extends object>(actor: TViewer, change: (tx: Tx) => Promise<TResult<T>>): Promise<TResult<T>> {
  const denied = refuseUnlessStaff(actor);
  if (denied) return denied;
  return changePublicContent(change);
}
