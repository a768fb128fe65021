// npm run bench:checkout
// Checkout throughput: orders placed (cart lines priced, stock reserved under row locks, confirmation e-mail
// queued) and then paid (stock committed, receipt queued), in orders per second, with CONCURRENCY buyers at
// once, on an in-memory PGlite and on PostgreSQL (DATABASE_URL, or the local server if one answers).
// A report, not a test: it prints the figures and exits 0.
import { setDbHandle, type DbHandle } from "../server/db/client";
import { migrateDatabase } from "../server/db/migrate";
import { onBothDatabases } from "./on-both-databases";
import { markOrderPaid } from "../server/orders/mark-order-paid";
import { createCustomer, createTestProduct, placeTestOrder } from "../tests/support/store-fixtures";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CHECKOUT_CONCURRENCY ?? 8);

async function run(label: string, handle: DbHandle): Promise<void> {
  setDbHandle(handle);
  await migrateDatabase(handle);
  const { variant } = await createTestProduct({
    name: "Mono PERC 450W Solar Panel",
    priceKobo: 16_500_000,
    onHand: 1_000_000,
    maxPerOrder: 1000,
    lowStockThreshold: 0,
  });
  const buyers = await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => createCustomer(`Bench Buyer ${i}`)));
  const checkout = async (i: number) => {
    const { order } = await placeTestOrder(buyers[i]!, [{ variantId: variant.id, quantity: 2 }]);
    await handle.db.transaction((tx) =>
      markOrderPaid(tx, {
        orderId: order.id,
        actorLabel: "Bench",
        payment: { method: "bank_transfer", reference: `BENCH-${order.number}`, amountKobo: order.totalKobo },
      }),
    );
  };
  for (let i = 0; i < CONCURRENCY; i++) await checkout(i); // warm-up
  let done = 0;
  const until = Date.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    buyers.map(async (_, i) => {
      while (Date.now() < until) {
        await checkout(i);
        done++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${label.padEnd(10)} ${(done / seconds).toFixed(1).padStart(7)} orders/s  (${done} orders placed and paid in ${seconds.toFixed(1)} s, ${CONCURRENCY} buyers at once)`,
  );
}

async function main() {
  console.log(`Checkout throughput, ${SECONDS} s per database`);
  await onBothDatabases(run);
}

await main();
process.exit(0);
