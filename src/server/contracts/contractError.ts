/** An after-sale answer other than success: HTTP status, code, German message, the field it concerns. */
export class ContractError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}
