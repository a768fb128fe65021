import type { TEmail } from "./email-layout";
import { Action, Footnote, P } from "./templates/blocks";
import { EmailLayout } from "./templates/layout";
import { renderEmail } from "./templates/render";

export function confirmEmail(name: string, url: string): TEmail {
  return renderEmail(
    "Confirm your Zavolah account",
    <EmailLayout preview="Confirm your e-mail address to finish creating your account." heading={`Welcome, ${name}`}>
      <P>Thanks for creating a Zavolah account. Please confirm your e-mail address so we know it is really you.</P>
      <Action label="Confirm my e-mail" url={url} />
      <Footnote>This link expires in 24 hours. If you did not create an account, you can ignore this e-mail.</Footnote>
    </EmailLayout>,
  );
}

export function resetPasswordEmail(name: string, url: string): TEmail {
  return renderEmail(
    "Reset your Zavolah password",
    <EmailLayout preview="Choose a new password for your Zavolah account." heading="Reset your password">
      <P>Hello {name}, we received a request to reset the password for your Zavolah account.</P>
      <Action label="Choose a new password" url={url} />
      <Footnote>This link expires in 1 hour. If you did not ask for a reset, ignore this e-mail: your password stays the same.</Footnote>
    </EmailLayout>,
  );
}

/** The welcome e-mail (docs/product/messaging.md#templates): name, email (the recipient), accountType. */
export function welcomeEmail(name: string, accountType: "customer" | "staff" | "admin", siteUrl: string): TEmail {
  const staff = accountType === "staff";
  return renderEmail(
    staff ? "Welcome to the Zavolah team" : "Welcome to Zavolah",
    <EmailLayout
      preview={staff ? "Your staff account is ready." : "Your account is confirmed."}
      heading={staff ? `Welcome to the team, ${name}` : `Welcome, ${name}`}
      siteUrl={siteUrl}
    >
      <P>
        {staff
          ? "Your staff account is ready. From the staff dashboard you can reach the CRM tools, customer management, internal channels and training."
          : "Your account is confirmed. You can now shop solar systems and smart furniture, enrol in Academy courses and book installations."}
      </P>
      <Action label={staff ? "Open staff access" : "Visit Zavolah"} url={staff ? `${siteUrl}/staff` : siteUrl} />
    </EmailLayout>,
  );
}

/** Sent instead of an error when someone registers with an address that already has an account (no enumeration). */
/** `joining`: the registration came from the ZavCharge sign-up, so the owner is shown where to join with this account. */
export function accountExistsEmail(name: string, siteUrl: string, joining?: "zavcharge"): TEmail {
  return renderEmail(
    "Someone tried to register with your e-mail",
    <EmailLayout preview="Nothing was changed: you already have an account." heading={`Hello ${name}`} siteUrl={siteUrl}>
      <P>
        Someone (perhaps you) tried to create a new Zavolah account with this e-mail address. You already have an account, so nothing was
        changed.
      </P>
      {joining === "zavcharge" ? (
        <P>To open a ZavCharge account, sign in with this account and choose Join ZavCharge: your ZavCharge account is then yours.</P>
      ) : null}
      <P>If you have forgotten your password, you can reset it from the sign-in window.</P>
      <Action
        label="Sign in to Zavolah"
        url={joining === "zavcharge" ? `${siteUrl}/zavcharge?login=true&returnTo=%2Fzavcharge%2Fjoin` : `${siteUrl}/?login=true`}
      />
      <Footnote>If this was not you, you can ignore this e-mail.</Footnote>
    </EmailLayout>,
  );
}
