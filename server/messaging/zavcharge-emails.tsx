import { formatKobo } from "@domain/money/money";
import { formatLagosDateLong } from "@domain/time/lagos-time";
import { PIN_RESET_MINUTES, WELCOME_CREDIT_KOBO } from "@domain/zavcharge/accounts/account-rules";
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
  /** The free first plan's end; null for a person who had the welcome offer before (docs/product/zavcharge.md#welcome-credit). */
  expiresAt: Date | null;
  /** 0 for a person who had the welcome offer before, or whose welcome waits for their phone. */
  welcomeCreditKobo: number;
  /** The welcome waits for the code texted to the driver's phone (docs/product/zavcharge.md#welcome-credit). */
  awaitsPhone?: boolean;
};

export function zavchargeWelcomeEmail(p: TZavChargeWelcome, siteUrl: string): TEmail {
  const welcomed = p.welcomeCreditKobo > 0 && p.expiresAt;
  return renderEmail(
    `Welcome to ZavCharge: your subscription ID is ${p.subscriptionId}`,
    <EmailLayout
      preview={
        welcomed
          ? `${formatKobo(p.welcomeCreditKobo)} welcome credit is in your ZavCharge wallet.`
          : p.awaitsPhone
            ? "Confirm your phone with the code we texted you to receive your welcome credit."
            : "Top up your wallet and choose a plan to start charging."
      }
      heading={`Welcome to ZavCharge, ${p.name}`}
      siteUrl={siteUrl}
    >
      <P>Your ZavCharge account is ready. Keep your subscription ID: you and station attendants use it with your PIN to start charging.</P>
      <Details
        rows={
          welcomed
            ? [
                ["Subscription ID", p.subscriptionId],
                ["Plan", `${p.planName}, until ${formatLagosDateLong(p.expiresAt!)}`],
                ["Welcome credit", formatKobo(p.welcomeCreditKobo)],
              ]
            : p.awaitsPhone
              ? [
                  ["Subscription ID", p.subscriptionId],
                  [
                    "Welcome",
                    `${formatKobo(WELCOME_CREDIT_KOBO)} credit and your first ${p.planName} month free, once your phone is confirmed`,
                  ],
                ]
              : [
                  ["Subscription ID", p.subscriptionId],
                  ["Plan", "None yet: choose one on your dashboard"],
                ]
        }
      />
      {welcomed ? null : p.awaitsPhone ? (
        <P>
          To receive your {formatKobo(WELCOME_CREDIT_KOBO)} welcome credit and your first month free, enter the code we texted to your phone
          on your ZavCharge dashboard. No code? Ask for a new one there.
        </P>
      ) : (
        <P>
          The welcome credit and the free first month go once per person, and you have had them with an earlier account. Top up your wallet
          and renew a plan to start charging.
        </P>
      )}
      <P>Find a station near you, check free slots live, and top up your wallet whenever you need.</P>
      <Action label="Open my ZavCharge dashboard" url={`${siteUrl}/zavcharge/dashboard`} />
      <Footnote>Did not sign up? Reply to this e-mail and we will close the account.</Footnote>
    </EmailLayout>,
  );
}

export function zavchargeWelcomeSms(p: TZavChargeWelcome): string {
  return p.welcomeCreditKobo > 0
    ? `Welcome to ZavCharge, ${p.name}! Your subscription ID is ${p.subscriptionId}. ${formatKobo(p.welcomeCreditKobo)} welcome credit is in your wallet.`
    : `Welcome to ZavCharge, ${p.name}! Your subscription ID is ${p.subscriptionId}. Top up and choose a plan to start charging.`;
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
