import type { ApplicationRow } from '../db/schema/index';
import { defaultFormModel, setField, type FormModel } from './rulebook';

/**
 * The one way to read a stored application as the domain's form model (loads, saves, decisions,
 * documents, e-mails, the contract page). A save stores every group of the model, so a stored
 * group is taken as stored: a field the tenant emptied stays empty even where a fresh model has a
 * default (nationality DE, useIban, useDigitalGuarantee); a group never stored gets its defaults.
 * The row's own state joins it as formHandling.contractState: an accepted reservation continues
 * as 'not_completed_reservation' (spec §2).
 */
export function formModelOf(
  row: Pick<ApplicationRow, 'data' | 'kind' | 'orderState' | 'contractState'>,
): FormModel {
  const model = { ...defaultFormModel(), ...(row.data as Partial<FormModel>) } as FormModel;
  const reserved = row.kind === 'reservation' && row.orderState === 'accepted';
  const contractState = reserved ? 'not_completed_reservation' : row.contractState;
  return contractState ? setField(model, 'formHandling.contractState', contractState) : model;
}
