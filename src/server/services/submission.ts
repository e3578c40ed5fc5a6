import type { ApplicationRow } from '../db/schema/index';
import type { BotCheck, CaptchaService } from './captcha';
import type { FieldErrors } from './rulebook';
import type { SubmissionChecks } from './tenancies';

/**
 * Captcha and bot checks of a save (spec §3 security fields). The captcha and the bot fields are
 * sent together on the step that shows them (payment; the reservation's tenant step); a passing
 * set is remembered on the application (captcha_verified_at), so the final submission on the
 * check step and later edits of earlier steps do not ask again. A partner's one-call submission
 * sends them with everything else.
 */
export class CaptchaSubmissionChecks implements SubmissionChecks {
  constructor(
    private readonly captcha: CaptchaService,
    private readonly bots: BotCheck,
  ) {}

  async check(
    security: { captchaResponseKey?: unknown; pb?: unknown; pbt?: unknown; pbk?: unknown },
    row: ApplicationRow | undefined,
    opts: { final: boolean; captchaShown: boolean },
  ): Promise<{ errors: FieldErrors; captchaVerified: boolean }> {
    const already = !!row?.captchaVerifiedAt;
    const key = security.captchaResponseKey;
    const sent = typeof key === 'string' && key !== '';
    if (!sent) {
      const needed = opts.captchaShown && !already;
      return {
        errors: needed ? { 'security.captchaResponseKey': ['required'] } : {},
        captchaVerified: false,
      };
    }
    // Bots fail silently on the same field as a wrong captcha: the client clears it and asks again.
    const botFailure = this.bots.check(security);
    let solved = botFailure === undefined && (await this.captcha.verify(key));
    // A bot-check token counts once (issue 15 item 12), remembered for its 2-day lifetime (real
    // time, like the captcha records it shares a table with).
    if (solved)
      solved = await this.captcha.consumeOnce(
        `bot:${String(security.pbk)}`,
        new Date(Date.now() + 2 * 86_400_000),
      );
    if (!solved)
      return { errors: { 'security.captchaResponseKey': ['invalid'] }, captchaVerified: false };
    return { errors: {}, captchaVerified: true };
  }
}
