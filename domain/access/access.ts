import { hasCapability, hasRoleLevel, type TCapability, type TRole, type TViewer } from "./roles";

/**
 * Who may open a route: anyone, any signed-in user, a role level, a capability, or a ZavCharge driver (a signed-in
 * user with a ZavCharge account, or a PIN session: docs/product/zavcharge.md#pins; the guard checks the PIN side).
 */
export type TAccess =
  | { allow: "public" }
  | { allow: "signed-in" }
  | { allow: "role"; role: TRole }
  | { allow: "capability"; capability: TCapability }
  | { allow: "driver" };

export type TAccessOutcome = "allowed" | "sign-in" | "denied";

/** Pure decision for one rule and viewer: the server enforces it, the panel uses it to hide links. */
export function decideAccess(access: TAccess, viewer: TViewer | null): TAccessOutcome {
  if (access.allow === "public") return "allowed";
  if (!viewer) return "sign-in";
  switch (access.allow) {
    case "signed-in":
    case "driver":
      return "allowed";
    case "role":
      return hasRoleLevel(viewer.role, access.role) ? "allowed" : "denied";
    case "capability":
      return hasCapability(viewer, access.capability) ? "allowed" : "denied";
  }
}
