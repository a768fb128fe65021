// Lists of addresses people bring in (a campaign's recipients, a CRM import): docs/product/campaigns.md#recipients and
// docs/product/crm.md#import.

/** What a list entry that is not an address is counted as (failed). */
export const INVALID_EMAIL_FORMAT = "Invalid email format";
/** The simple pattern: something@something.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;
export const isEmailAddress = (v: string) => v.length <= 254 && EMAIL_PATTERN.test(v);
