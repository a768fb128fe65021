import { renderEmail, type TEmail } from "./email-layout";

export function confirmEmail(name: string, url: string): TEmail {
  return renderEmail({
    subject: "Confirm your Zavolah account",
    heading: `Welcome, ${name}`,
    paragraphs: ["Thanks for creating a Zavolah account. Please confirm your e-mail address so we know it is really you."],
    action: { label: "Confirm my e-mail", url },
    footnote: "This link expires in 24 hours. If you did not create an account, you can ignore this e-mail.",
  });
}

export function resetPasswordEmail(name: string, url: string): TEmail {
  return renderEmail({
    subject: "Reset your Zavolah password",
    heading: "Reset your password",
    paragraphs: [`Hello ${name}, we received a request to reset the password for your Zavolah account.`],
    action: { label: "Choose a new password", url },
    footnote: "This link expires in 1 hour. If you did not ask for a reset, ignore this e-mail: your password stays the same.",
  });
}

export function welcomeEmail(name: string, accountType: "customer" | "staff" | "admin", siteUrl: string): TEmail {
  const staff = accountType === "staff";
  return renderEmail({
    subject: staff ? "Welcome to the Zavolah team" : "Welcome to Zavolah",
    heading: staff ? `Welcome to the team, ${name}` : `Welcome, ${name}`,
    paragraphs: staff
      ? ["Your staff account is ready. From the staff dashboard you can reach the CRM tools, customer management, internal channels and training."]
      : ["Your account is confirmed. You can now shop solar systems and smart furniture, enrol in Academy courses and book installations."],
    action: { label: staff ? "Open staff access" : "Visit Zavolah", url: staff ? `${siteUrl}/staff` : siteUrl },
  });
}

/** Sent instead of an error when someone registers with an address that already has an account (no enumeration). */
export function accountExistsEmail(name: string, siteUrl: string): TEmail {
  return renderEmail({
    subject: "Someone tried to register with your e-mail",
    heading: `Hello ${name}`,
    paragraphs: [
      "Someone (perhaps you) tried to create a new Zavolah account with this e-mail address. You already have an account, so nothing was changed.",
      "If you have forgotten your password, you can reset it from the sign-in window.",
    ],
    action: { label: "Sign in to Zavolah", url: `${siteUrl}/?login=true` },
    footnote: "If this was not you, you can ignore this e-mail.",
  });
}
