import { FAKE_SECRETS, fakePorts } from "./fake-config";
import { startFakeFlutterwave } from "./flutterwave";
import { startFakePaystack } from "./paystack";
import { startFakeTermii } from "./termii";

// `npx tsx tests/fakes/start-fakes.ts`: the fakes for a manual run or Playwright's webServer list.
// The app to notify is APP_URL (webhooks go to APP_URL/api/webhooks/<provider>).
const appUrl = process.env.APP_URL ?? "http://localhost:3000";
const ports = fakePorts(Number(new URL(appUrl).port || 3000));

const paystack = await startFakePaystack({
  port: ports.paystack,
  secretKey: FAKE_SECRETS.paystackKey,
  webhookUrl: `${appUrl}/api/webhooks/paystack`,
});
const flutterwave = await startFakeFlutterwave({
  port: ports.flutterwave,
  secretKey: FAKE_SECRETS.flutterwaveKey,
  secretHash: FAKE_SECRETS.flutterwaveHash,
  webhookUrl: `${appUrl}/api/webhooks/flutterwave`,
});
const termii = await startFakeTermii({ port: ports.termii, apiKey: FAKE_SECRETS.termiiKey });
console.log(
  `fake Paystack on ${paystack.url}, fake Flutterwave on ${flutterwave.url}, fake Termii on ${termii.url}, webhooks to ${appUrl}`,
);

const stop = async () => {
  await Promise.all([paystack.close(), flutterwave.close(), termii.close()]);
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
