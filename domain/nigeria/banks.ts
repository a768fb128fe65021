// Nigerian banks a payout can go to, with the bank codes the payment provider's account-resolve and transfer
// APIs expect (docs/product/marketplace.md#payout-accounts). One home for the list.
export const NIGERIAN_BANKS = [
  { code: "044", name: "Access Bank" },
  { code: "023", name: "Citibank Nigeria" },
  { code: "050", name: "Ecobank Nigeria" },
  { code: "070", name: "Fidelity Bank" },
  { code: "011", name: "First Bank of Nigeria" },
  { code: "214", name: "First City Monument Bank" },
  { code: "00103", name: "Globus Bank" },
  { code: "058", name: "Guaranty Trust Bank" },
  { code: "030", name: "Heritage Bank" },
  { code: "301", name: "Jaiz Bank" },
  { code: "082", name: "Keystone Bank" },
  { code: "50211", name: "Kuda Bank" },
  { code: "50515", name: "Moniepoint MFB" },
  { code: "999992", name: "OPay" },
  { code: "999991", name: "PalmPay" },
  { code: "076", name: "Polaris Bank" },
  { code: "101", name: "Providus Bank" },
  { code: "221", name: "Stanbic IBTC Bank" },
  { code: "068", name: "Standard Chartered Bank" },
  { code: "232", name: "Sterling Bank" },
  { code: "100", name: "Suntrust Bank" },
  { code: "302", name: "TAJBank" },
  { code: "102", name: "Titan Trust Bank" },
  { code: "032", name: "Union Bank of Nigeria" },
  { code: "033", name: "United Bank For Africa" },
  { code: "215", name: "Unity Bank" },
  { code: "035", name: "Wema Bank" },
  { code: "057", name: "Zenith Bank" },
] as const;

export type TNigerianBankCode = (typeof NIGERIAN_BANKS)[number]["code"];

export function bankName(code: string): string | null {
  return NIGERIAN_BANKS.find((b) => b.code === code)?.name ?? null;
}

/** A NUBAN account number: exactly 10 digits. */
export const isNubanAccountNumber = (value: string) => /^\d{10}$/.test(value);

/** "0123456789" -> "••••6789": how an account number is shown once saved. */
export const maskAccountNumber = (value: string) => `••••${value.slice(-4)}`;
