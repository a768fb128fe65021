// Choices and messages of the public forms (newsletter, contact), shared by the browser and the server.

// docs/product/validation-and-messages.md#newsletter: "Invalid Email" - "Please enter a valid email address".
export const INVALID_EMAIL = "Please enter a valid email address";
/** Newsletter interests; default general (docs/product/content.md#newsletter). */
export const NEWSLETTER_INTERESTS = ["general", "updates", "offers"] as const;

export const INQUIRY_TYPES = [
  { value: "general", label: "General enquiry" },
  { value: "sales", label: "Solar or furniture purchase" },
  { value: "installation", label: "Installation or maintenance" },
  { value: "academy", label: "Academy courses" },
  { value: "zavcharge", label: "ZavCharge" },
  { value: "partnership", label: "Partnership or investment" },
  { value: "support", label: "Order support" },
] as const;

export function inquiryLabel(value: string): string {
  return INQUIRY_TYPES.find((t) => t.value === value)?.label ?? value;
}
