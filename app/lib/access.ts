import type { TAccess } from "./route-table";
import { hasCapability, hasRoleLevel, type TViewer } from "./roles";

export type TAccessOutcome = "allowed" | "sign-in" | "denied";

/** Pure decision for one rule and viewer: the server enforces it, the panel uses it to hide links. */
export function decideAccess(access: TAccess, viewer: TViewer | null): TAccessOutcome {
  if (access.allow === "public") return "allowed";
  if (!viewer) return "sign-in";
  switch (access.allow) {
    case "signed-in":
      return "allowed";
    case "role":
      return hasRoleLevel(viewer.role, access.role) ? "allowed" : "denied";
    case "capability":
      return hasCapability(viewer, access.capability) ? "allowed" : "denied";
  }
}
