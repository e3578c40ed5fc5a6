import type { Database } from '../../db/client';
import { personas } from '../../processing/testing/personas';

/**
 * Seeded data sets for the batch benches (issue 30), written by the database itself with
 * generate_series (one statement per table): N accepted yearly contracts that started on
 * 16 March 2025, their first premium booked and collected by a FRST debit, so that on
 * 12 March 2026 the run books the second premium and presents it (RCUR, no notice) in the file
 * it drafts that day. Ids are derived from the row number (md5 as uuid) so tables join.
 */
export const RUN_AT = new Date('2026-03-12T05:00:00Z');

const LAST_NAMES = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Schäfer',
  'Koch',
  'Bauer',
  'Richter',
  'Klein',
  'Wolf',
];
const SYLLABLES = ['ber', 'kan', 'lor', 'mel', 'nus', 'pet', 'ros', 'sil', 'tam', 'wen'];
const FIRST_NAMES = [
  'Anna',
  'Ben',
  'Clara',
  'David',
  'Emma',
  'Felix',
  'Greta',
  'Hans',
  'Ida',
  'Jonas',
];

const sqlArray = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`;

/**
 * The person of row g: one in eight has one of 16 common surnames (each about 0.8 % of all
 * rows, like Müller in Germany), the others one of 1,000 made of three syllables; e-mail and
 * IBAN tail follow from g.
 */
const personOf = (g: string) => `
  jsonb_set(jsonb_set(jsonb_set(jsonb_set($1::jsonb,
    '{firstTenant,lastName}', to_jsonb(CASE WHEN ${g} % 8 = 0
      THEN (${sqlArray(LAST_NAMES)})[1 + (${g} / 8) % 16]
      ELSE initcap((${sqlArray(SYLLABLES)})[1 + ${g} % 10] || (${sqlArray(SYLLABLES)})[1 + (${g} / 10) % 10]
        || (${sqlArray(SYLLABLES)})[1 + (${g} / 100) % 10]) END)),
    '{firstTenant,firstName}', to_jsonb((${sqlArray(FIRST_NAMES)})[1 + (${g} / 7) % 10])),
    '{firstTenant,email}', to_jsonb('mieter' || ${g} || '@example.org')),
    '{bankAccount,iban}', to_jsonb('DE89 3704 0044 05' || lpad((${g} % 100000000)::text, 8, '0')))`;

export const idOf = (g: string) => `md5('bench-' || ${g})::uuid`;
export const numberOf = (g: string) =>
  `'MK-' || (2025 - ${g} / 1000000) || '-' || lpad((${g} % 1000000)::text, 6, '0')`;

/** Applications and decisions of rows 1..n (the staff search needs no more). */
export async function seedApplications(db: Database, n: number): Promise<void> {
  const model = personas[0]!.model;
  const { security: _s, formHandling: _f, cid: _c, ...data } = model;
  await db.executeSql(
    `INSERT INTO applications (id, cid_hash, kind, data, reached_steps, order_state,
        contract_number, created_at, updated_at, submitted_at)
     SELECT ${idOf('g')}, md5('cid-' || g), 'contract', ${personOf('g')}, '[]'::jsonb, 'accepted',
        ${numberOf('g')}, ts, ts, ts
       FROM generate_series(1, $2::int) g,
            LATERAL (SELECT timestamptz '2025-03-02 10:00+00' - (g || ' minutes')::interval) t(ts)`,
    [JSON.stringify(data), n],
  );
  await db.executeSql(
    `INSERT INTO decisions (application_id, kind, number, outcome, auto_outcome, reasons,
        decided_by, premium_cents, rate_cents, digital, decided_at)
     SELECT ${idOf('g')}, 'contract', ${numberOf('g')}, 'accepted', 'accepted', '[]'::jsonb,
        'auto', 6000 + g % 900, 6000 + g % 900, false, timestamptz '2025-03-02 10:00+00'
       FROM generate_series(1, $1::int) g`,
    [n],
  );
}

/** N contracts in the state described above (applications included). */
export async function seedContracts(db: Database, n: number): Promise<void> {
  await seedApplications(db, n);
  const rows = (sql: string) => db.executeSql(sql, [n]);
  await rows(
    `INSERT INTO contracts (application_id, contract_number, status, accepted_at, start_on,
        first_debit_on, payments_per_year, rate_per_payment_cents, withdrawal_deadline,
        mandate_reference, verification_token_hash, release_code_hash)
     SELECT ${idOf('g')}, ${numberOf('g')}, 'active', timestamptz '2025-03-02 10:00+00',
        date '2025-03-16', date '2025-03-16', 1, 6000 + g % 900, date '2025-03-30',
        ${numberOf('g')} || '-01', md5('v-' || g), md5('r-' || g)
       FROM generate_series(1, $1::int) g`,
  );
  await rows(
    `INSERT INTO sepa_mandates (reference, application_id, iban, debtor_name, signed_on)
     SELECT ${numberOf('g')} || '-01', ${idOf('g')}, 'DE89370400440532013000',
        'Max Mustermann', date '2025-03-02'
       FROM generate_series(1, $1::int) g`,
  );
  await rows(
    `INSERT INTO sepa_debits (id, application_id, period, attempt, amount_cents, due_on,
        mandate_reference, sequence, end_to_end_id, status, created_at)
     SELECT md5('debit-' || g)::uuid, ${idOf('g')}, date '2025-03-16', 1, 6000 + g % 900,
        date '2025-03-16', ${numberOf('g')} || '-01', 'FRST',
        ${numberOf('g')} || '-20250316-1', 'collected', timestamptz '2025-03-11 05:00+00'
       FROM generate_series(1, $1::int) g`,
  );
  await rows(
    `INSERT INTO ledger_entries (application_id, kind, amount_cents, period, booked_on,
        created_at, source)
     SELECT ${idOf('g')}, k.kind, 6000 + g % 900, date '2025-03-16', date '2025-03-16',
        timestamptz '2025-03-11 05:00+00' + k.n * interval '1 ms', k.source || g
       FROM generate_series(1, $1::int) g,
            (VALUES (0, 'premium_due', 'due:2025-03-16:'), (1, 'collected', 'debit:seed:')) k(n, kind, source)`,
  );
  await db.executeSql('ANALYZE');
}
