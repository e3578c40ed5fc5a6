/** Request-level failures (not about one field): the /error keys of spec §8 and a few more. */
export type TenancyErrorCode =
  | 'unknown'
  | 'days_to_keep_data_exceeded'
  | 'reservation_expired'
  | 'already_submitted'
  | 'invalid_step'
  | 'sandbox_mismatch'
  | 'foreign_application'
  /** The order status of an application not yet submitted: there is no order state yet. */
  | 'not_submitted';

export const tenancyErrorStatus: Record<TenancyErrorCode, number> = {
  unknown: 404,
  days_to_keep_data_exceeded: 410,
  reservation_expired: 410,
  already_submitted: 409,
  invalid_step: 400,
  sandbox_mismatch: 409,
  foreign_application: 409,
  not_submitted: 409,
};

export class TenancyError extends Error {
  constructor(readonly code: TenancyErrorCode) {
    super(code);
  }
}
