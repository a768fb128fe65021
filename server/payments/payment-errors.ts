/** A payment problem the customer or staff member should read as is (provider down, not payable, refused). */
export class PaymentError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 409 | 502 | 503 = 409,
  ) {
    super(message);
    this.name = "PaymentError";
  }
}

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
