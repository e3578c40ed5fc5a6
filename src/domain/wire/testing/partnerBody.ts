/**
 * The body public integrations of the established provider's API send, unchanged (issue 10): one
 * fixture for the wire tests (src/domain/wire/partner.test.ts) and the partner API tests
 * (src/server/api/partnerApi.test.ts).
 */
export function partnerBody({
  lastName = 'Mustermann',
  mieterengel = 'false',
}: { lastName?: string; mieterengel?: 'true' | 'false' } = {}): Record<string, unknown> {
  return {
    product: 'mietkautionsbuergschaft',
    partnerCode: 'IMMO1',
    step: 'check',
    landlord: {
      firstName: 'Erika',
      name: 'Vermieterin',
      gender: 'female',
      address: { street: 'Hauptstraße', streetNumber: '1', zip: '10117', city: 'Berlin' },
    },
    firstTenant: {
      gender: 'male',
      firstName: 'Max',
      name: lastName,
      phone: '+4930123456',
      email: 'max.mustermann@example.org',
      nationality: 'DE',
      dateOfBirth: '01.05.1990',
      address: { street: 'Altbauweg', streetNumber: '3', zip: '80331', city: 'München' },
      termsAccepted: 'y',
    },
    bankAccount: {
      iban: 'DE89370400440532013000',
      bankName: 'Commerzbank',
      paymentFrequency: 'monthly',
      owner: 'firstTenant',
    },
    rentalObject: {
      address: { street: 'Musterstraße', streetNumber: '12a', zip: '10115', city: 'Berlin' },
      rentalContract: {
        deposit: '1500',
        rent: '650.50',
        signedAt: '20.03.2026',
        movedInAt: '01.04.2026',
        isLimited: 'false',
        isExisting: 'false',
      },
    },
    postalDestination: 'digital',
    selling: { mieterengel, keyFinder: 'false' },
  };
}
