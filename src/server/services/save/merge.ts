import type { PartnerCaller } from '../../partnerApi/keys';
import {
  activeMask,
  assertConsents,
  getField,
  isFieldPath,
  partnerDefaults,
  type readRequestExtras,
  setField,
  setFields,
  unstorableValues,
  type FieldErrors,
  type FieldPath,
  type FormModel,
  type RuleContext,
  type StepId,
} from '../rulebook';
import { partnerApiWarnings } from '../../texts/api';
import type { WireCodec } from '../wire';

/** Security answers and client state: the server's own, never taken from a body, never stored. */
const serverOwnedGroups = ['security', 'formHandling'];

const serverOwnedPrefixes = serverOwnedGroups.map((group) => `${group}.`);
const isServerOwned = (path: string): boolean =>
  serverOwnedPrefixes.some((prefix) => path.startsWith(prefix));

/** What one save request changes, as the codec decoded it, and what the merge needs to know. */
export interface Changes {
  decoded: ReturnType<WireCodec['decode']>;
  /** The step this save is for; its shown fields that were not sent are emptied. */
  step: StepId | undefined;
  ctx: RuleContext;
  /** The partner whose key authenticated the call (ADR 0711), else null. */
  partner: PartnerCaller | null;
  tenantTerms: ReturnType<typeof readRequestExtras>['tenantTerms'];
  /** Fields an earlier partner save defaulted: computed again unless sent now. */
  earlierDefaults: readonly string[];
}

export interface Merged {
  model: FormModel;
  /** Values that cannot be stored (forbidden characters, too long): the field keeps its value. */
  refused: FieldErrors;
  /** Consents taken from the tenant's termsAccepted as the partner asserted it. */
  asserted: FieldPath[];
  /** Fields a partner call left out and that got their documented default. */
  defaulted: FieldPath[];
  /** Warnings for the answer (a partner code in the body that the key overrides). */
  messages: string[];
}

/**
 * The stored model with one request's changes applied (no I/O): sent values replace stored ones
 * unless they cannot be stored, the step's body is its whole state (a shown field that was not
 * sent has been emptied), explicitly cleared codes are emptied, and a partner's key sets the
 * partner code, asserted consents and the documented defaults (ADR 0711).
 */
export function mergeChanges(stored: FormModel, changes: Changes): Merged {
  const { decoded, step, ctx, partner } = changes;
  const sent = decoded.model as FormModel;
  // Security answers and client state are never stored, so never refused for their length.
  const storable = decoded.sent.filter((p) => !isServerOwned(p));
  const refused = unstorableValues(sent, storable);
  // The sent values in one batch (every group is copied once, not once per field); a refused
  // value keeps the field's previous value.
  let model = setFields(
    stored,
    storable
      .filter((path) => !(path in refused))
      .map((path) => [path, getField(sent, path)] as const),
  );
  // Then, in a second batch, the step's shown fields that were not sent and the cleared codes.
  const sentPaths = new Set<string>(decoded.sent);
  const emptied = step
    ? activeMask(model, step, ctx).filter((path) => !sentPaths.has(path) && !isServerOwned(path))
    : [];
  model = setFields(
    model,
    [...emptied, ...decoded.cleared].map((path) => [path, undefined] as const),
  );
  if (!partner) return { model, refused, asserted: [], defaulted: [], messages: [] };

  const messages: string[] = [];
  // The key names the partner; a different code in the body is not taken (and said so).
  const sentCode = model.billing.partner_code?.trim();
  if (sentCode && sentCode !== partner.partnerCode)
    messages.push(partnerApiWarnings.partnerCodeFromKey(partner.partnerCode, sentCode));
  model = setField(model, 'billing.partner_code', partner.partnerCode);
  const consents = assertConsents(model, sentPaths, changes.tenantTerms);
  model = consents.model;
  // Defaults of an earlier save are computed again (a policy start of "today" goes stale).
  for (const path of changes.earlierDefaults)
    if (isFieldPath(path) && !sentPaths.has(path))
      model = setField(model, path, undefined as never);
  const defaults = partnerDefaults(model, sentPaths, ctx.today);
  return {
    model: defaults.model,
    refused,
    asserted: consents.asserted,
    defaulted: defaults.defaulted,
    messages,
  };
}
