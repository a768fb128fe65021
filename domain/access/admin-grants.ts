import { formatLagosDate } from "../time/lagos-time";

// Two administrators (docs/product/roles-and-access.md#administrators): making someone an admin, and approving money
// that an admin declared, each need a second admin who is a different person in fact, not one account made by the
// first. Pure, so the rule is read the same wherever it is applied.

/** How long someone must have been an admin before a declaration for their four eyes to count on it. */
export const ADMIN_STANDING_DAYS = 7;

/**
 * Since when and by whom an admin is one: `since` null for an admin made outside the site (the seed, the data
 * migration, the database itself), who counts as long-standing; `grantedBy` the people who asked for and approved
 * their promotion (one person when a sole admin promoted someone).
 */
export type TAdminTenure = { since: Date | null; grantedBy: string[] };

/**
 * Why `approver` may not be the second pair of eyes on what `declarer` declared at `declaredAt`, or null when they
 * may: they must be two people, both admins for ADMIN_STANDING_DAYS before the declaration, neither made an admin
 * by the other.
 */
export function fourEyesRefusal(
  declarer: { id: string; tenure: TAdminTenure },
  approver: { id: string; tenure: TAdminTenure },
  declaredAt: Date,
): string | null {
  if (declarer.id === approver.id) return "You declared this distribution: a second admin must approve or reject it.";
  const standingFrom = new Date(declaredAt.getTime() - ADMIN_STANDING_DAYS * 86_400_000);
  const recent = (t: TAdminTenure) => t.since !== null && t.since > standingFrom;
  if (recent(approver.tenure))
    return `You became an administrator on ${formatLagosDate(approver.tenure.since!)}: a distribution is approved by an administrator of at least ${ADMIN_STANDING_DAYS} days' standing when it was declared.`;
  if (recent(declarer.tenure))
    return `Its declarer became an administrator on ${formatLagosDate(declarer.tenure.since!)}: a distribution is declared and approved by administrators of at least ${ADMIN_STANDING_DAYS} days' standing.`;
  if (approver.tenure.grantedBy.includes(declarer.id))
    return "The declarer made you an administrator: another administrator must approve it.";
  if (declarer.tenure.grantedBy.includes(approver.id))
    return "You made the declarer an administrator: another administrator must approve it.";
  return null;
}
