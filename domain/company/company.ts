// Who Zavolah is, in one place: the footer shows it and the Organization JSON-LD publishes it.

export type TOffice = {
  city: string;
  /** One line, as the footer shows it. */
  address: string;
  street: string;
  region: string;
};

export const OFFICES: readonly TOffice[] = [
  { city: "Osogbo", address: "14 Gbongan Road, Oke-Fia, Osogbo, Osun State", street: "14 Gbongan Road, Oke-Fia", region: "Osun State" },
  {
    city: "Ibadan",
    address: "22 Bodija Estate Road, Bodija, Ibadan, Oyo State",
    street: "22 Bodija Estate Road, Bodija",
    region: "Oyo State",
  },
  { city: "Lagos", address: "8 Admiralty Way, Lekki Phase 1, Lagos", street: "8 Admiralty Way, Lekki Phase 1", region: "Lagos State" },
];

export const COMPANY = {
  name: "Zavolah",
  legalName: "Zavolah Ltd",
  phone: "+234 803 123 4500",
  email: "hello@zavolah.ng",
  logoPath: "/images/zavolah-logo.svg",
} as const;

/** The brand's social accounts: the site footer and the e-mail footer link them. */
export const SOCIAL_LINKS = [
  ["Facebook", "https://www.facebook.com/zavolah"],
  ["Instagram", "https://www.instagram.com/zavolah"],
  ["X", "https://x.com/zavolah"],
  ["LinkedIn", "https://www.linkedin.com/company/zavolah"],
  ["YouTube", "https://www.youtube.com/@zavolah"],
] as const;

/** Where customers paying by bank transfer send money; the order number is the transfer narration. */
export const BANK_ACCOUNT = {
  bank: "Zenith Bank",
  accountName: "Zavolah Ltd",
  accountNumber: "1014327785",
} as const;
