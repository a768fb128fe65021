import { OPERATIONS, type TError, type TLoginAnswer, type TOperations, type TTokenPair } from "./api-types";

// The typed client of the Zavolah JSON gateway (docs/product/api-gateway.md#the-typed-client), for the mobile app,
// devices and tests. It keeps the gateway's rules: JSON with X-API-Version, X-Platform and a fresh X-Request-ID on every
// request; the access token sent as a bearer; parallel 401s share one refresh and each request is retried once
// after it; requests that may be repeated (GET, DELETE, and a POST with an Idempotency-Key) are retried on network
// errors, time-outs and 5xx after 2, 4 and 8 s; a request gives up after 30 s (10 s on an Arduino). It uses only
// `fetch`, so it runs in React Native, browsers and Node.

export type TPlatform = "web" | "mobile" | "arduino";
export type TOperationId = keyof TOperations;
/** The operations whose answer is a file, and those that read a form: the client's `download` and `submitForm`. */
export type TFileOperationId = { [K in TOperationId]: TOperations[K]["file"] extends true ? K : never }[TOperationId];
export type TFormOperationId = { [K in TOperationId]: TOperations[K]["form"] extends true ? K : never }[TOperationId];

/** Where the client keeps the person's tokens (the app's secure storage; memory in tests). */
export type TTokenStore = {
  get(): { token: string; refreshToken: string } | null;
  set(tokens: { token: string; refreshToken: string } | null): void | Promise<void>;
};

export const memoryTokenStore = (): TTokenStore => {
  let tokens: { token: string; refreshToken: string } | null = null;
  return {
    get: () => tokens,
    set: (next) => {
      tokens = next;
    },
  };
};

export type TClientOptions = {
  baseUrl: string;
  platform: TPlatform;
  tokens?: TTokenStore;
  fetch?: typeof fetch;
  /** The waits before each retry; 2, 4 and 8 s unless a test shortens them. */
  retryDelaysMs?: readonly number[];
  /** 30 s, or 10 s on an Arduino. */
  timeoutMs?: number;
  /** Called when the tokens could not be refreshed: the person must sign in again. */
  onSignedOut?: () => void;
};

/** A refusal from the gateway, in its one error shape. */
export class ZavolahApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: TError,
  ) {
    super(body.message);
    this.name = "ZavolahApiError";
  }
  get code() {
    return this.body.code;
  }
  get field() {
    return this.body.field;
  }
}

type TInput<Id extends TOperationId> = ([TOperations[Id]["params"]] extends [never]
  ? { params?: never }
  : { params: TOperations[Id]["params"] }) &
  ([TOperations[Id]["query"]] extends [never] ? { query?: never } : { query?: TOperations[Id]["query"] }) &
  ([TOperations[Id]["body"]] extends [never] ? { body?: never } : { body: TOperations[Id]["body"] }) & { idempotencyKey?: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const requestId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export function createZavolahClient(options: TClientOptions) {
  const tokens = options.tokens ?? memoryTokenStore();
  const send = options.fetch ?? fetch;
  const delays = options.retryDelaysMs ?? [2000, 4000, 8000];
  const timeoutMs = options.timeoutMs ?? (options.platform === "arduino" ? 10_000 : 30_000);
  const base = options.baseUrl.replace(/\/$/, "");
  let refreshing: Promise<void> | null = null;

  async function once(method: string, url: string, body: unknown, headers: Record<string, string>, bearer: string | undefined) {
    // A form (an assignment handed in with its file) goes as multipart/form-data, with the boundary fetch chooses.
    const form = body instanceof FormData;
    return send(url, {
      method,
      headers: {
        "X-API-Version": "1.0",
        "X-Platform": options.platform,
        "X-Request-ID": requestId(),
        ...(body === undefined || form ? {} : { "Content-Type": "application/json" }),
        ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  /** One refresh for all the requests that met a 401 at the same time. */
  function refresh(): Promise<void> {
    refreshing ??= (async () => {
      const held = tokens.get();
      if (!held) throw new Error("No refresh token available");
      const response = await once("POST", `${base}/auth/refresh`, { refreshToken: held.refreshToken }, {}, undefined);
      if (!response.ok) {
        await tokens.set(null);
        options.onSignedOut?.();
        throw new ZavolahApiError(response.status, (await response.json()) as TError);
      }
      const pair = (await response.json()) as TTokenPair;
      await tokens.set({ token: pair.token, refreshToken: pair.refreshToken });
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** One operation with the client's rules (refresh once on 401, retries where a repeat is harmless); `read` takes the answer. */
  async function request<T>(
    operationId: TOperationId,
    input: { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown; idempotencyKey?: string },
    read: (response: Response) => Promise<T>,
  ): Promise<T> {
    const op = OPERATIONS[operationId];
    const { params, query, body, idempotencyKey } = input;
    let path: string = op.path;
    for (const [k, v] of Object.entries(params ?? {})) path = path.replace(`{${k}}`, encodeURIComponent(v));
    const search = new URLSearchParams(
      Object.entries(query ?? {})
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    ).toString();
    const url = `${base}${path}${search ? `?${search}` : ""}`;
    const headers: Record<string, string> = idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {};
    const repeatable = op.method === "GET" || op.method === "DELETE" || idempotencyKey !== undefined;
    const sendBody = op.method === "POST" ? (body ?? {}) : undefined;

    let refreshed = false;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      const bearer = op.auth ? tokens.get()?.token : undefined;
      try {
        response = await once(op.method, url, sendBody, headers, bearer);
      } catch (error) {
        // A network error or a time-out: tried again only where a repeat cannot do anything twice.
        if (repeatable && attempt < delays.length) {
          await sleep(delays[attempt]!);
          continue;
        }
        throw error;
      }
      if (response.status === 401 && op.auth && !refreshed && tokens.get()) {
        refreshed = true;
        // Sent with a token another request has refreshed meanwhile: the new one is tried, with no second refresh.
        if (tokens.get()?.token === bearer) await refresh();
        attempt--; // the retry after a refresh is not one of the back-off's
        continue;
      }
      if (response.status >= 500 && repeatable && attempt < delays.length) {
        await sleep(delays[attempt]!);
        continue;
      }
      if (!response.ok) throw new ZavolahApiError(response.status, (await response.json()) as TError);
      return read(response);
    }
  }

  function call<Id extends TOperationId>(operationId: Id, input: TInput<Id> = {} as TInput<Id>): Promise<TOperations[Id]["answer"]> {
    return request(
      operationId,
      input as Parameters<typeof request>[1],
      async (response) => (await response.json()) as TOperations[Id]["answer"],
    );
  }

  /** An operation whose answer is a file (a certificate's or statement's PDF): its bytes, type and file name. */
  function download<Id extends TFileOperationId>(operationId: Id, input: Omit<TInput<Id>, "body"> = {} as TInput<Id>) {
    return request(operationId, input as Parameters<typeof request>[1], async (response) => ({
      bytes: new Uint8Array(await response.arrayBuffer()),
      contentType: response.headers.get("content-type") ?? "application/octet-stream",
      filename: /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? null,
    }));
  }

  /** An operation that reads a form (an assignment handed in with its file): the form as the page would send it. */
  function submitForm<Id extends TFormOperationId>(
    operationId: Id,
    input: Omit<TInput<Id>, "body"> & { form: FormData },
  ): Promise<TOperations[Id]["answer"]> {
    const { form, ...rest } = input as { form: FormData; params?: Record<string, string> };
    return request(operationId, { ...rest, body: form }, async (response) => (await response.json()) as TOperations[Id]["answer"]);
  }

  return {
    call,
    download,
    submitForm,
    tokens,
    /** Signs in and keeps the tokens. */
    async login(body: TOperations["login"]["body"]): Promise<TLoginAnswer> {
      const answer = await call("login", { body });
      await tokens.set({ token: answer.token, refreshToken: answer.refreshToken });
      return answer;
    },
    /** Signs this device out and forgets the tokens (a failure is only logged: the app is signed out either way). */
    async logout(deviceId: string) {
      try {
        await call("logout", { body: { deviceId } });
      } catch (error) {
        console.warn("logout failed", error);
      }
      await tokens.set(null);
    },
  };
}

export type TZavolahClient = ReturnType<typeof createZavolahClient>;
