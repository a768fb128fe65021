// Test-only keys and ports shared by the fakes, the Playwright config and the specs. Never real keys.
export const FAKE_SECRETS = {
  paystackKey: "sk_test_zavolah_fake_paystack_0000000000000000",
  flutterwaveKey: "FLWSECK_TEST-zavolah-fake-flutterwave-0000-X",
  flutterwaveHash: "zavolah-fake-flutterwave-secret-hash",
  termiiKey: "zavolah-fake-termii-key",
} as const;

/** The bearer token a scraper sends for GET /metrics: the journeys' server is started with it (metrics.spec.ts). */
export const E2E_METRICS_TOKEN = "e2e-metrics-token-0123456789";

/** The fakes' ports for an app on `appPort` (3100 -> 4100, 5100 and 6100), so parallel runs on other ports do not meet. */
export function fakePorts(appPort: number) {
  return { paystack: appPort + 1000, flutterwave: appPort + 2000, termii: appPort + 3000 };
}

/** What the app needs in its environment to talk to the fakes. */
export function fakeProviderEnv(appPort: number): Record<string, string> {
  const ports = fakePorts(appPort);
  return {
    PAYSTACK_SECRET_KEY: FAKE_SECRETS.paystackKey,
    PAYSTACK_TRANSFERS: "1",
    PAYSTACK_BASE_URL: `http://127.0.0.1:${ports.paystack}`,
    FLUTTERWAVE_SECRET_KEY: FAKE_SECRETS.flutterwaveKey,
    FLUTTERWAVE_SECRET_HASH: FAKE_SECRETS.flutterwaveHash,
    FLUTTERWAVE_BASE_URL: `http://127.0.0.1:${ports.flutterwave}`,
    // SMS go out through a fake Termii, so journeys can read a texted code the way a phone would receive it.
    SMS_PROVIDERS: "termii",
    TERMII_API_KEY: FAKE_SECRETS.termiiKey,
    TERMII_BASE_URL: `http://127.0.0.1:${ports.termii}`,
  };
}
