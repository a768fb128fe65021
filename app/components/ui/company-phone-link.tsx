import { COMPANY } from "@domain/company/company";

/** The company's phone number, as a link that calls it. */
export function CompanyPhoneLink() {
  return (
    <a href={`tel:${COMPANY.phone.replaceAll(" ", "")}`} className="hover:text-brand">
      {COMPANY.phone}
    </a>
  );
}
