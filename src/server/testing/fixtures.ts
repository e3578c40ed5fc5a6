import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/** The pinned "today" of the API tests (Europe/Berlin): Monday, 2 March 2026, 10:00. */
export const testNow = '2026-03-02T09:00:00Z';

/**
 * A complete, valid contract application in the new API's nested JSON, as a partner's system
 * would send it (dates ISO, decimals with a point, booleans as strings or JSON booleans).
 */
export function completeNewApiApplication(): Record<string, unknown> {
  return {
    partnerCode: 'IMMO1',
    rentalObject: {
      rentalContract: {
        deposit: '1500',
        isExisting: 'false',
        signedAt: '2026-03-20',
        movedInAt: '2026-04-01',
        rent: '650.50',
        isLimited: 'false',
        isTerminated: 'false',
      },
      address: { street: 'Musterstraße', streetNumber: '12a', zip: '10115', city: 'Berlin' },
      preinsurance: { exists: 'false' },
      predamage: { exists: 'false' },
    },
    digitalGuarantee: 'true',
    tenant: {
      gender: 'male',
      firstName: 'Max',
      name: 'Mustermann',
      dateOfBirth: '1990-05-01',
      nationality: 'DE',
      address: { street: 'Altbauweg', streetNumber: '3', zip: '80331', city: 'München' },
      email: 'max.mustermann@example.org',
      emailConfirmation: 'max.mustermann@example.org',
      phone: '+4930123456',
      creditCheckAccepted: 'true',
    },
    hasCoTenant: 'false',
    landlord: {
      gender: 'female',
      firstName: 'Erika',
      name: 'Vermieterin',
      address: { street: 'Hauptstraße', streetNumber: '1', zip: '10117', city: 'Berlin' },
    },
    postalDestination: 'digital',
    bankAccount: {
      paymentFrequency: 'monthly',
      owner: 'tenant',
      useIban: 'true',
      iban: 'DE89 3704 0044 0532 0130 00',
    },
    policyStartDate: '2026-03-15',
    selling: { keySafeing: 'false', mailForwarding: 'true' },
    termsAccepted: 'true',
    privacyPolicyAccepted: 'true',
  };
}

/** Solves the server's ALTCHA challenge like the widget does and returns the payload. */
export async function solveCaptcha(baseUrl: string): Promise<string> {
  const challenge = await (await fetch(`${baseUrl}/api/captcha/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The captcha answer plus the bot-check fields, in the new API's names. */
export async function securityFields(baseUrl: string): Promise<Record<string, string>> {
  const bot = await (await fetch(`${baseUrl}/api/botcheck`)).json();
  return { captchaResponseKey: await solveCaptcha(baseUrl), pbt: bot.pbt, pbk: bot.pbk };
}
