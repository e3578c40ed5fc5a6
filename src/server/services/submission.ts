import type { ApplicationRow } from '../db/schema/index';
import type { FieldErrors } from './rulebook';
import type { SubmissionChecks } from './tenancies';

/**
 * Captcha and bot checks of a save (spec §3 security fields). The captcha is solved once (on the
 * payment step, or the reservation's tenant step); a verified solution is remembered on the
 * application, so editing an earlier step later does not ask again.
 */
export class BasicSubmissionChecks implements SubmissionChecks {
  async check(
    security: { captchaResponseKey?: unknown },
    row: ApplicationRow | undefined,
    opts: { final: boolean; captchaShown: boolean },
  ): Promise<{ errors: FieldErrors; captchaVerified: boolean }> {
    const verified = !!row?.captchaVerifiedAt;
    const errors: FieldErrors = {};
    if (opts.captchaShown && !verified && !security.captchaResponseKey) {
      errors['security.captchaResponseKey'] = ['required'];
    }
    return { errors, captchaVerified: false };
  }
}
