import { HttpErrors } from '../http/errors';

/** Several field errors of one after-sale form, answered by the one error handler. */
export class ContractFieldErrors extends HttpErrors {}
