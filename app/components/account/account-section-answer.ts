import type { TPairingCodeShown } from "./signed-in-devices";

/**
 * What the account page's action answers a section's form with: the messages shown beside its fields or above it, and
 * what a started second factor or a new pairing code keeps on screen. `section` names the form it is for.
 */
export type TAccountSectionAnswer = {
  section: string;
  errors?: Record<string, string>;
  formError?: string;
  enrol?: { qrSvg: string; secret: string; backupCodes: string[] };
  smsEnrol?: { backupCodes: string[]; sent?: string };
  /** A pairing code just made, shown this once (docs/product/api-gateway.md#arduino-devices). */
  pairing?: TPairingCodeShown;
};
