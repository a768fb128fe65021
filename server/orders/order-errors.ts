/** A refusal the customer or staff member should read as is (out of stock, not allowed, prices changed). */
export class OrderError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 409,
  ) {
    super(message);
    this.name = "OrderError";
  }
}
