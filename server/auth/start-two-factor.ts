import { succeed } from "@domain/errors/app-error";
import { getAuth } from "./auth";
import { withPasswordLimit, wrongPassword, type TAsker } from "./password-guess-limit";
import { twoFactorEnrolmentView } from "./two-factor-enrolment-view";

/** Step 1 of enrolment: a secret (as QR code and text) and recovery codes; not active until a code is verified. */
export async function startTwoFactor(asker: TAsker, password: string) {
  return withPasswordLimit(asker, async () => {
    try {
      const res = await getAuth().api.enableTwoFactor({ body: { password }, headers: asker.headers });
      const secret = new URL(res.totpURI).searchParams.get("secret") ?? "";
      return succeed(await twoFactorEnrolmentView(asker.email, secret, res.backupCodes));
    } catch (error) {
      return wrongPassword(error, "Could not start two-factor set-up.");
    }
  });
}
