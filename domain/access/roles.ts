// Role levels and capabilities (docs/product/roles-and-access.md). Isomorphic: the server enforces, the panel only hides links.
export const ROLES = ["customer", "staff", "admin"] as const;
export type TRole = (typeof ROLES)[number];

export const CAPABILITIES = ["seller", "student", "investor", "architect"] as const;
export type TCapability = (typeof CAPABILITIES)[number];

const LEVEL: Record<TRole, number> = { customer: 1, staff: 2, admin: 3 };

/** Higher roles include lower ones. */
export function hasRoleLevel(role: TRole, needed: TRole): boolean {
  return LEVEL[role] >= LEVEL[needed];
}

export function isRole(value: unknown): value is TRole {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export type TViewer = {
  id: string;
  name: string;
  email: string;
  role: TRole;
  capabilities: TCapability[];
  image: string | null;
};

export function hasCapability(viewer: TViewer, capability: TCapability): boolean {
  // Admins are allowed everywhere guarded (docs/product/roles-and-access.md#capabilities).
  return viewer.role === "admin" || viewer.capabilities.includes(capability);
}
