import { join } from 'node:path';
import { StaffDecisionError } from '../processing/index';
import { sendApplicationMail } from '../processing/notify';
import { ok, refused, type CommandContext, type CommandResult } from './types';

const usage = 'Aufruf: npm run decide -- <Vertragsnummer> accept|decline';

/**
 * npm run decide -- <number> accept|decline (ADR 0402): a staff decision on a pending
 * application; moves the state, issues the certificate when accepted and sends the e-mail.
 */
export async function decideCommand(ctx: CommandContext, args: string[]): Promise<CommandResult> {
  const [number, verdict] = args;
  if (!number || (verdict !== 'accept' && verdict !== 'decline')) return refused(usage, 2);
  return ctx.withProcessing(async (processing) => {
    try {
      const result = await processing.decide(number, verdict);
      // Send now; the queued mail job then finds it sent and does nothing.
      await sendApplicationMail(
        processing.context,
        result.applicationId,
        `${result.kind}-${result.outcome}`,
      );
      const word = result.outcome === 'accepted' ? 'angenommen' : 'abgelehnt';
      const where =
        processing.context.mailer.transport === 'smtp'
          ? 'per SMTP versendet'
          : `im Postausgang ${join(ctx.config.dataDir, 'outbox')}`;
      return ok(`${result.number}: ${word}. E-Mail ${where}.\n`);
    } catch (err) {
      if (!(err instanceof StaffDecisionError)) throw err;
      return refused(err.message);
    }
  });
}
