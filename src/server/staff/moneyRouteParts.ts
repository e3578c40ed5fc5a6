import * as z from 'zod/mini';
import { uuidPattern } from '../../domain/rules/patterns';
import { answer } from '../http/answers';
import { edgeObject, pathParam } from '../http/edge';
import type { HttpError } from '../http/errors';
import type { MoneyDeps } from '../money/deps';
import type { StaffDeps } from './context';

/** What the back office's money routes (moneyRoutes.ts, moneyDecisionRoutes.ts) share. */

/** The money services' dependencies: the processing's when it runs, else the staff's own. */
export const moneyDepsOf = (deps: StaffDeps): MoneyDeps =>
  deps.processing?.money ?? {
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    mailer: deps.mailer,
    config: deps.config,
  };

export const idParams = edgeObject({ id: pathParam({ description: 'Id (UUID)' }) });

/** Is this a row id at all? A value that cannot be one finds nothing, like an unknown id. */
export const isRowId = (id: string) => uuidPattern.test(id);

/** The id, or the route's refusal of an unknown one when it cannot be a row id. */
export function rowId(id: string, refusal: () => HttpError): string {
  if (!isRowId(id)) throw refusal();
  return id;
}

/** `{ ok: true }`: a change the page announces with its own sentence. */
export const okAnswer = answer(z.object({ ok: z.literal(true) }), 'Done');
export const ok = { ok: true } as const;
