/** What the claims tests file as the landlord, and how they upload evidence. */

export const LANDLORD = 'vermieterin@example.org';

/** Three items of 1.000,00 € on a 1.500 € guarantee (the test clock is 2 March 2026). */
export const threeItems = [
  {
    kind: 'rent_arrears',
    months: [
      { month: '01.2026', amount: '300,00' },
      { month: '02.2026', amount: '300,00' },
    ],
  },
  {
    kind: 'utility_costs',
    period: '2025',
    monthlyPrepayment: '60,00',
    amount: '150,00',
    settlementPending: true,
  },
  {
    kind: 'damage',
    description: 'Tür zum Bad gesprungen',
    amount: '250,00',
    handoverProtocol: true,
  },
];

/** The landlord's payout account, e-mail address and declaration. */
export const landlord = {
  iban: 'DE89 3704 0044 0532 0130 00',
  accountHolder: 'Erika Vermieterin',
  email: LANDLORD,
  declaration: true,
};

/** Sends files as a browser's multipart form does. */
export async function upload(base: string, path: string, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('files', new Blob([Buffer.from(bytes)]), name);
  const r = await fetch(`${base}${path}`, { method: 'POST', body: form });
  return { status: r.status, body: (await r.json()) as { files: { fileName: string }[] } };
}
