import { APIError } from "better-auth/api";

/** better-auth's error code and message, or undefined for anything else (which callers rethrow). */
export function authErrorCode(error: unknown): { code: string; status: number; message: string } | undefined {
  if (error instanceof APIError) {
    const body = (error.body ?? {}) as { code?: string; message?: string };
    return { code: body.code ?? String(error.status), status: error.statusCode, message: body.message ?? error.message };
  }
  return undefined;
}
