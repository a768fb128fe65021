import QRCode from "qrcode";

/** What the two-factor enrolment step shows; rebuilt from the secret when a first code is mistyped. */
export async function twoFactorEnrolmentView(email: string, secret: string, backupCodes: string[]) {
  const uri = `otpauth://totp/${encodeURIComponent(`Zavolah:${email}`)}?secret=${encodeURIComponent(secret)}&issuer=Zavolah&digits=6&period=30`;
  return { qrSvg: await QRCode.toString(uri, { type: "svg", margin: 1, width: 200 }), secret, backupCodes };
}
