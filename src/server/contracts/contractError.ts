import { HttpError } from '../http/errors';

/**
 * An after-sale answer other than success: HTTP status, code, German message, the field it
 * concerns. Thrown, it is answered by the one error handler (http/errors.ts).
 */
export class ContractError extends HttpError {
  constructor(status: number, code: string, message: string, field?: string) {
    super(status, code, message, field);
  }

  get status(): number {
    return this.statusCode;
  }
}
