import type { Config } from '../config';
import type { Mailer } from '../mail/index';
import { resumeUrl, saveProgressMail } from '../mail/index';
import {
  defaultFormModel,
  isStepId,
  setField,
  steps,
  validateFields,
  type FieldErrors,
} from './rulebook';
import type { TenancyService } from './tenancies';

/**
 * "Später fortfahren": mails a resume link for a saved application. The e-mail is checked with
 * the domain's e-mail rule; the link leads to the step the tenant was on.
 */
export class SaveProgressService {
  constructor(
    private readonly config: Config,
    private readonly tenancies: TenancyService,
    private readonly mailer: Mailer,
  ) {}

  /**
   * Answers the field errors and what became of the mail: `sent` only when the mail server took
   * it; `queued` when it was refused for now and waits in the spool for retries (ADR 1132); the
   * error mailRejected when the receiving server refused the address for good (nothing is
   * retried). The link's base is always PUBLIC_URL, never the request's Host header (ADR 1105).
   */
  async send(input: {
    cid: unknown;
    step: unknown;
    email: unknown;
  }): Promise<{ errors: FieldErrors; sent: boolean; queued: boolean }> {
    const row = await this.tenancies.open(input.cid, { forEdit: true });
    const email = typeof input.email === 'string' ? input.email.trim() : '';
    const model = setField(defaultFormModel(), 'firstTenant.email', email);
    const errors = validateFields(
      model,
      ['firstTenant.email'],
      this.tenancies.ruleContext(row.kind),
    );
    if (errors['firstTenant.email']) return { errors, sent: false, queued: false };
    const step = typeof input.step === 'string' && isStepId(input.step) ? input.step : 'start';
    const publicUrl = this.config.publicUrl;
    const reservation = row.kind === 'reservation' ? '&reservation=true' : '';
    const mail = saveProgressMail({
      resumeUrl: resumeUrl(publicUrl, steps[step].route, input.cid as string) + reservation,
      deleteAfterDays: this.config.dataRetentionDays,
    });
    const sent = await this.mailer.send({ to: email, ...mail });
    return {
      errors: sent.rejected ? { 'firstTenant.email': ['mailRejected'] } : {},
      sent: sent.delivered,
      queued: sent.queued === true,
    };
  }
}
