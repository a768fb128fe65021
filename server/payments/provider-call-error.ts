/** A provider call that failed: network error, non-2xx answer, or a body that is not the documented shape. */
export class ProviderCallError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly httpStatus: number | null = null,
  ) {
    super(`${provider}: ${message}`);
    this.name = "ProviderCallError";
  }
}
