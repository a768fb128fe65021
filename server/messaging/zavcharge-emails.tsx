import { formatKobo } from "@domain/money/money";
import { formatLagosDateLong } from "@domain/time/lagos-time";
import { PIN_RESET_MINUTES } from "@domain/zavcharge/zavcharge";
import type { TEmail } from "./email-layout";
import { Action, Details, Footnote, P } from "./templates/blocks";
import { EmailLayout } from "./templates/layout";
import { renderEmail } from "./templates/render";

// ZavCharge account e-mails (docs/product/zavcharge.md#accounts, #pins). A PIN is never written in an e-mail; a reset
// code only in the body, never in the subject or the inbox preview line (docs/product/messaging.md#secrets-in-messages).

export type TZavChargeWelcome = {
  name: string;
  subscriptionId: string;
  planName: string;
  expiresAt: Date;
  welcomeCreditKobo: number;
};

export function zavchargeWelcomeEmail(p: TZavChargeWelcome, siteUrl: string): TEmail {
  return renderEmail(
    `Welcome to ZavCharge: your subscription ID is ${p.subscriptionId}`,
    <EmailLayout
      preview={`${formatKobo(p.welcomeCreditKobo)} welcome credit is in your ZavCharge wallet.`}
      heading={`Welcome to ZavCharge, ${p.name}`}
      siteUrl={siteUrl}
    >
      <P>Your ZavCharge account is ready. Keep your subscription ID: you and station attendants use it with your PIN to start charging.</P>
      <Details
        rows={[
          ["Subscription ID", p.subscriptionId],
          ["Plan", `${p.planName}, until ${formatLagosDateLong(p.expiresAt)}`],
          ["Welcome credit", formatKobo(p.welcomeCreditKobo)],
        ]}
      />
      <P>Find a station near you, check free slots live, and top up your wallet whenever you need.</P>
      <Action label="Open my ZavCharge dashboard" url={`${siteUrl}/zavcharge/dashboard`} />
      <Footnote>Did not sign up? Reply to this e-mail and we will close the account.</Footnote>
    </EmailLayout>,
  );
}

export function zavchargeWelcomeSms(p: TZavChargeWelcome): string {
  return `Welcome to ZavCharge, ${p.name}! Your subscription ID is ${p.subscriptionId}. ${formatKobo(p.welcomeCreditKobo)} welcome credit is in your wallet.`;
}

export type TZavChargePinResetCode = { name: string; subscriptionId: string; code: string };

export function zavchargePinResetEmail(p: TZavChargePinResetCode, siteUrl: string): TEmail {
  return renderEmail(
    "Your ZavCharge PIN reset code",
    <EmailLayout preview="Enter the code in this e-mail to choose a new PIN." heading="Reset your ZavCharge PIN" siteUrl={siteUrl}>
      <P>
        Someone asked to reset the PIN of ZavCharge account {p.subscriptionId}. Enter this code with your new PIN in the PIN reset form:
      </P>
      <Details rows={[["Reset code", p.code]]} />
      <P>The code works once, for {PIN_RESET_MINUTES} minutes.</P>
      <Footnote>Did not ask for this? Ignore this e-mail: your PIN stays as it is.</Footnote>
    </EmailLayout>,
  );
}
