// The admin settings (docs/product/settings.md): one entry per setting, with its default, group, label and
// limits. Isomorphic so the admin form shows the same limits the server enforces; validate-settings.ts holds
// the check itself.

const bool = (label: string, def: boolean, group: TSettingGroup) => ({ def, label, group, kind: "boolean" as const });
const text = (label: string, def: string, group: TSettingGroup, max = 2000) => ({
  def,
  label,
  group,
  max,
  kind: max > 200 ? ("textarea" as const) : ("text" as const),
});
const int = (
  label: string,
  def: number,
  group: TSettingGroup,
  min: number,
  max: number,
  unit: "kobo" | "days" | "hours" | "percent" | "count" | "basisPoints",
) => ({ def, label, group, min, max, kind: unit });

export const SETTING_GROUPS = {
  features: "Features",
  zavcharge: "ZavCharge text",
  referral: "Referral",
  hero: "Home hero",
  shipping: "Shipping",
  marketplace: "Marketplace",
  carts: "Abandoned carts",
  investments: "Investments",
  records: "Records",
} as const;
export type TSettingGroup = keyof typeof SETTING_GROUPS;

export const SETTINGS = {
  showZavCharge: bool("Show ZavCharge links", true, "features"),
  zavChargeEnabled: bool("ZavCharge enabled", true, "features"),
  showReferEarn: bool("Show Refer & Earn link", true, "features"),
  referEarnEnabled: bool("Refer & Earn enabled", true, "features"),
  showMarketplace: bool("Show Marketplace link", true, "features"),
  showStaffAccess: bool("Show Staff Access link", true, "features"),
  showSearch: bool("Show header search box", true, "features"),
  zavChargeTitle: text("ZavCharge title", "ZavCharge: Nigeria's solar-powered charging network", "zavcharge", 120),
  zavChargeDescription: text(
    "ZavCharge description",
    "A borderless network of solar-powered electric-vehicle charging stations across Nigeria. Top up once, charge at any station, pay per kWh.",
    "zavcharge",
  ),
  maxCommission: int("Maximum commission (%)", 15, "referral", 0, 100, "percent"),
  minReferrals: int("Minimum referrals before payout", 1, "referral", 0, 1000, "count"),
  referralTerms: text(
    "Referral terms",
    "Earn a commission when someone you refer makes their first paid purchase. Commissions are paid after the order is delivered and the return window has closed. Self-referrals and duplicate accounts are not eligible.",
    "referral",
  ),
  // The programme's commission and its rules (docs/product/refer-and-earn.md#commissions). The rate is refused above
  // maxCommission when saved (validate-settings.ts).
  referralCommission: int("Referral commission (%)", 5, "referral", 0, 100, "percent"),
  referralOnStore: bool("Commission on store orders", true, "referral"),
  referralOnCourses: bool("Commission on academy courses", true, "referral"),
  referralOnMarketplace: bool("Commission on marketplace orders", true, "referral"),
  referralOnPlans: bool("Commission on ZavCharge plans", true, "referral"),
  referralOnTopUps: bool("Commission on ZavCharge wallet top-ups", false, "referral"),
  referralWindowMonths: int("Orders earn for (months after joining)", 12, "referral", 1, 60, "count"),
  referralHoldDays: int("Commission held for (days, the refund window)", 14, "referral", 0, 90, "days"),
  referralMinPayout: int("Minimum payout", 500_000, "referral", 0, 100_000_000, "kobo"),
  referralLinkDays: int("A referral link is remembered for (days)", 30, "referral", 1, 365, "days"),
  heroTitle: text("Hero title", "What makes a home?", "hero", 120),
  heroSubtitle: text(
    "Hero subtitle",
    "Good design and structure, functional smart furniture, and a self-owned 24/7 power supply. We build all three.",
    "hero",
  ),
  shippingEnabled: bool("Shipping enabled", true, "shipping"),
  // Old defaults 500, 25, 50 read as hundreds of naira (docs/product/settings.md): ₦500 would make every order ship free and
  // ₦25 is not a delivery fee in Nigeria (docs/decisions/0006). Stored as kobo.
  freeShippingThreshold: int("Free standard delivery above", 5_000_000, "shipping", 0, 1_000_000_000, "kobo"),
  standardShippingFee: int("Standard shipping fee", 250_000, "shipping", 0, 100_000_000, "kobo"),
  expressShippingFee: int("Express shipping fee", 500_000, "shipping", 0, 100_000_000, "kobo"),
  shippingPolicy: text(
    "Shipping policy",
    "We deliver to all 36 states and the FCT. Orders are dispatched from Lagos, Ibadan and Osogbo; large solar systems are delivered and installed by our own technicians.",
    "shipping",
  ),
  estimatedDeliveryDays: int("Standard delivery (days)", 5, "shipping", 1, 60, "days"),
  expressDeliveryDays: int("Express delivery (days)", 2, "shipping", 1, 30, "days"),
  // Nigeria's VAT, 7.5% since 2020; typed as a percent, kept in basis points so it stays an integer.
  vatRateBasisPoints: int("VAT rate (%)", 750, "shipping", 0, 5_000, "basisPoints"),
  // The marketplace's cut of each seller's line (docs/product/marketplace.md#commission), never above maxCommission.
  marketplaceCommission: int("Marketplace commission (%)", 10, "marketplace", 0, 100, "percent"),
  // Days after a seller's part is delivered before its earning can be paid out: the buyer's refund window.
  sellerRefundWindowDays: int("Refund window before seller earnings are available (days)", 7, "marketplace", 0, 60, "days"),
  // Abandoned-cart reminders (docs/product/store-and-orders.md#abandoned-carts): whether they go out, how long a cart sits
  // untouched before it counts as abandoned, and the wait between the first reminder and the second.
  abandonedCartReminders: bool("Send abandoned-cart reminders", true, "carts"),
  abandonedCartAfterHours: int("Cart counts as abandoned after (hours)", 4, "carts", 1, 72, "hours"),
  abandonedCartSecondReminderHours: int("Second reminder after (hours)", 24, "carts", 1, 168, "hours"),
  // Investments (docs/product/investments.md#registration): whether the area is open, and the company's registration
  // details, shown on every investment page, the agreement and the statements.
  investmentsEnabled: bool("Investments enabled", true, "features"),
  investmentRegistration: text(
    "Registration details shown on investment pages",
    "Zavolah Ltd, RC 1456782, 8 Admiralty Way, Lekki Phase 1, Lagos. Investment offers are made through a crowdfunding portal registered with the Securities and Exchange Commission, Nigeria.",
    "investments",
    600,
  ),
  // Withheld from each distribution and shown as a line on statements (docs/product/investments.md#statements): 10% is
  // Nigeria's withholding tax on dividends.
  investmentWithholdingBasisPoints: int("Withholding tax on distributions (%)", 1_000, "investments", 0, 5_000, "basisPoints"),
  // How long the audit log keeps an entry (docs/product/alerts-and-audit.md#retention); a daily job removes older ones.
  auditRetentionDays: int("Keep audit log entries for (days)", 730, "records", 90, 3_650, "days"),
  // The hour, Lagos time, of the daily backup (docs/operations.md#backups): at night, when few people order.
  backupHourLagos: int("Daily backup at (hour of the day, Lagos time)", 2, "records", 0, 23, "count"),
} as const;

export type TSettingKey = keyof typeof SETTINGS;
export type TSettings = {
  [K in TSettingKey]: (typeof SETTINGS)[K]["def"] extends boolean ? boolean : (typeof SETTINGS)[K]["def"] extends number ? number : string;
};

export const SETTING_KEYS = Object.keys(SETTINGS) as TSettingKey[];

export function defaultSettings(): TSettings {
  return Object.fromEntries(SETTING_KEYS.map((k) => [k, SETTINGS[k].def])) as TSettings;
}

/** Feature switches that gate whole routes, and the setting behind each. */
export const FEATURES = {
  zavcharge: { setting: "zavChargeEnabled", name: "ZavCharge" },
  referEarn: { setting: "referEarnEnabled", name: "Refer & Earn" },
  investments: { setting: "investmentsEnabled", name: "Investments" },
} as const satisfies Record<string, { setting: TSettingKey; name: string }>;
export type TFeature = keyof typeof FEATURES;

/** Keys of one group, in table order. */
export function settingsInGroup(group: TSettingGroup): TSettingKey[] {
  return SETTING_KEYS.filter((k) => SETTINGS[k].group === group);
}

/**
 * Reads one group's form fields into typed values: an unticked checkbox is false, money is typed in naira
 * and stored as kobo, numbers stay numbers (an empty box becomes NaN so the schema rejects it).
 */
export function parseSettingsForm(group: TSettingGroup, fields: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of settingsInGroup(group)) {
    const def = SETTINGS[key];
    const raw = fields[key];
    if (def.kind === "boolean") out[key] = raw === "on" || raw === "true";
    else if (def.kind === "kobo" || def.kind === "basisPoints")
      out[key] = raw?.trim() ? Math.round(Number(raw.replace(/,/g, "")) * 100) : Number.NaN;
    else if (def.kind === "text" || def.kind === "textarea") out[key] = raw ?? "";
    else out[key] = raw?.trim() ? Number(raw) : Number.NaN;
  }
  return out;
}
