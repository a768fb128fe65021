// Lets a request ask the running outbox worker to deliver soon instead of at its next poll.
// Kept on globalThis so the server bundle and server/main.ts share one worker.
const KEY = Symbol.for("zavolah.outbox.kick");
type Holder = { [KEY]?: () => void };

export function setOutboxKicker(fn: (() => void) | undefined) {
  (globalThis as Holder)[KEY] = fn;
}

export function kickOutbox() {
  (globalThis as Holder)[KEY]?.();
}
