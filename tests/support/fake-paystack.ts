import { afterAll, beforeAll, vi } from "vitest";
import { env } from "../../server/env";
import { FAKE_SECRETS } from "../fakes/fake-config";
import type { TFakeProvider } from "../fakes/fake-provider";
import { startFakePaystack } from "../fakes/paystack";

/**
 * The local Paystack for a test file: started before its tests, with the site's settings pointed at it (and any other
 * settings given), closed after them. Read it like the fake itself (`paystack.complete(...)`), from inside a test.
 */
export function useFakePaystack(settings: Partial<typeof env> = {}): TFakeProvider {
  let fake: TFakeProvider | undefined;
  beforeAll(async () => {
    fake = await startFakePaystack({ secretKey: FAKE_SECRETS.paystackKey });
    Object.assign(env, { PAYSTACK_SECRET_KEY: FAKE_SECRETS.paystackKey, PAYSTACK_BASE_URL: fake.url, ...settings });
  });
  afterAll(async () => {
    await fake?.close();
  });
  return new Proxy({} as TFakeProvider, {
    get(_, key) {
      if (!fake) throw new Error("The Paystack fake starts before the file's tests: use it inside a test or hook.");
      const value = fake[key as keyof TFakeProvider];
      return typeof value === "function" ? value.bind(fake) : value;
    },
  });
}

/** The transfer webhook the fake sends for our `reference` once the bank has answered, a moment after the transfer. */
export function transferWebhook(paystack: TFakeProvider, reference: string) {
  return vi.waitFor(
    () => {
      const webhook = paystack.state.webhooks.get(reference);
      if (!webhook) throw new Error("no transfer webhook yet");
      return webhook;
    },
    { timeout: 5000, interval: 20 },
  );
}
