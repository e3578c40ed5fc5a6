/**
 * The guarantor (our company) as named on certificates and in e-mails. One place, so the
 * certificate, the confirmation and every e-mail say the same thing.
 */
export const guarantor = {
  name: 'Mietkaution Online Versicherung AG',
  street: 'Kautionsallee 1',
  zipCity: '10115 Berlin',
  register: 'Amtsgericht Berlin-Charlottenburg HRB 000000',
  serviceEmail: 'service@mietkaution.example',
  servicePhone: '030 1234567-0',
  product: 'Mietkautionsbürgschaft',
} as const;
