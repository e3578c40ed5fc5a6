import type { FormModel } from '../../domain/index';
import type { Salutation } from '../mail/templates';

/** The first tenant's salutation, as every contract e-mail greets. */
export const salutationOf = (m: FormModel): Salutation => ({
  gender: m.firstTenant.gender,
  firstName: m.firstTenant.firstName,
  lastName: m.firstTenant.lastName,
});
