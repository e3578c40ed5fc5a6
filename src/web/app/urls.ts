import { steps, type StepId } from '../../domain/flow/steps';

/** Builds a step URL that keeps the session in the query (cid, reservation, return target). */
export function stepUrl(
  step: StepId,
  opts: {
    cid?: string;
    reservation?: boolean;
    returnTo?: StepId;
    extra?: Record<string, string>;
  } = {},
): string {
  const q = new URLSearchParams();
  if (opts.cid) q.set('cid', opts.cid);
  if (opts.reservation) q.set('reservation', 'true');
  if (opts.returnTo) q.set('return', opts.returnTo);
  for (const [k, v] of Object.entries(opts.extra ?? {})) q.set(k, v);
  const s = q.toString();
  return steps[step].route + (s ? `?${s}` : '');
}

export function errorUrl(codes: string[]): string {
  return `/error?keys=${encodeURIComponent(codes.map((c) => c.toLowerCase()).join(','))}`;
}
