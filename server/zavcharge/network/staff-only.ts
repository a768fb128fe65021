import { hasRoleLevel, type TViewer } from "@domain/access/roles";
import { refuse, type TFailure, type TResult } from "@domain/errors/app-error";
import type { Tx } from "../../db/client";
import { changePublicContent } from "../../http/page-cache";

/** Stations, slots and maintenance are run by staff and admins (docs/product/zavcharge.md#stations-and-slots). */
export function refuseUnlessStaff(actor: TViewer): TFailure | null {
  return hasRoleLevel(actor.role, "staff") ? null : refuse("forbidden", "Only staff can change ZavCharge stations.");
}

/** One change to the network by staff, in one transaction; once it is committed the cached network pages are renewed. */
export async function changeNetwork<T extends object>(actor: TViewer, change: (tx: Tx) => Promise<TResult<T>>): Promise<TResult<T>> {
  const denied = refuseUnlessStaff(actor);
  if (denied) return denied;
  return changePublicContent(change);
}
