/**
 * Paths of the two API generations (spec §7; status and lookup paths from DECISIONS.md).
 * Only the paths differ here; the field names come from the domain wire formats.
 */
export interface Routes {
  load: string;
  loadQuery: Record<string, string>;
  /** Spec §7: the save's query names reconf_to in the old mode (the same answer format as the load). */
  saveQuery: Record<string, string>;
  save: (
    hasCid: boolean,
    reservation: boolean,
  ) => { path: string; method: 'POST' | 'PATCH' | 'PUT'; reservationQuery: boolean };
  rates: string;
  bankName: string;
  saveProgress: string;
  partner: (code: string) => string;
  subPartner: { path: string; method: 'POST' | 'PUT' };
  /** Spec §7 "POST checkout step endpoint" (one path; the spec names no old one). */
  checkoutStep: string;
  status: (reservation: boolean) => string;
}

const status = (reservation: boolean) =>
  reservation ? '/api/reservation/state/' : '/api/application/state/';

export const apiRoutes: Record<'new' | 'old', Routes> = {
  new: {
    load: '/api/tenancies',
    loadQuery: {},
    saveQuery: {},
    save: (hasCid) => ({
      path: '/api/tenancies',
      method: hasCid ? 'PATCH' : 'POST',
      reservationQuery: true,
    }),
    rates: '/api/rates',
    bankName: '/api/banknames',
    saveProgress: '/api/saveprogress',
    partner: (code) => `/api/partners/${encodeURIComponent(code)}`,
    subPartner: { path: '/api/subpartners', method: 'PUT' },
    checkoutStep: '/api/checkout/step',
    status,
  },
  old: {
    load: '/tenancy_steps_reconfigured/cid_to_json',
    loadQuery: { reconf_to: 'json' },
    saveQuery: { reconf_to: 'json' },
    save: (_hasCid, reservation) => ({
      path: reservation
        ? '/tenancy_reservation_steps_reconfigured/json_to_cid'
        : '/tenancy_steps_reconfigured/json_to_cid',
      method: 'PUT',
      reservationQuery: false,
    }),
    rates: '/ajax::tenancy_logic/rates',
    bankName: '/ajax::tenancy_logic/bank_code_to_name',
    saveProgress: '/tenancy_steps_reconfigured/save_progress',
    partner: () => '/tenancy_steps_reconfigured/get_uce_configuration',
    subPartner: { path: '/tenancy_steps_reconfigured/save_uce_values', method: 'PUT' },
    checkoutStep: '/api/checkout/step',
    status,
  },
};
