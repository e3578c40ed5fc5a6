import { countryByCode } from '../countries/list';
import { fieldLabel } from '../messages/de';
import { formatEuro } from '../messages/format';
import { ui } from '../messages/ui';
import type { FieldPath } from '../model/paths';
import { fieldKinds, getField } from '../model/paths';
import type { FormModel } from '../model/schema';
import type { RuleContext } from '../rules/context';
import { activeMask } from './activeMask';
import type { StepId } from './steps';

/** One line of the check page: what was asked, what the tenant answered. */
export interface SummaryRow {
  /** The first field the row stands for (a stable key, and where "Ändern" leads). */
  path: FieldPath;
  label: string;
  value: string;
}

const t = ui.check.rows;

/**
 * Short labels for answers read back (the question's full text stays on its step), so a label
 * fits beside its answer on a phone.
 */
const readBackLabels: Partial<Record<FieldPath, string>> = {
  'objective.deposit': 'Kaution',
  'objective.target': 'Bürgschaft für',
  'objective.useDigitalGuarantee': 'Urkunde digital',
  'objective.deliverTo': 'Urkunde',
  'objective.policyStartDate': 'Beginn',
  'firstTenant.email': 'E-Mail',
  'secondTenant.email': 'E-Mail',
  'firstTenant.phone': 'Telefon',
  'secondTenant.phone': 'Telefon',
  'object.contractSignDate': 'Mietbeginn',
  'object.moveInDate': 'Einzug',
  'object.coldRent': 'Kaltmiete',
  'object.isContractTerminated': 'Gekündigt',
  'object.isRentPaidUnpunctual': 'Miete unpünktlich',
  'object.isDepositPaidCompletely': 'Kaution bezahlt',
  'object.isDepositConsumed': 'Kaution beansprucht',
  'object.isObjectDamaged': 'Schäden',
  'billing.partner_code': 'Partnercode',
  'uce.subPartnerCode': 'Vermittlercode',
};

/** Format hints belong to the question, not to the answer read back. */
const shortLabel = (path: FieldPath) =>
  (readBackLabels[path] ?? fieldLabel(path))
    .replace(/ \(TT\.MM\.JJJJ\)$/, '')
    .replace(/ \(optional\)$/, '');

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const joined = (parts: unknown[], sep = ' ') => parts.map(text).filter(Boolean).join(sep);

function optionLabel(path: FieldPath, value: unknown): string {
  const name = path.split('.').pop() ?? '';
  const options = ui.options as unknown as Record<string, Record<string, string> | undefined>;
  const table = name === 'preisboerse_time' ? ui.options.preisboerseTime : options[name];
  return (table as Record<string, string> | undefined)?.[String(value)] ?? String(value);
}

/** An answer as the tenant should read it back; '' for no answer. */
function display(path: FieldPath, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  const kind = fieldKinds[path];
  if (kind.kind === 'bool') return value ? ui.options.yes : ui.options.no;
  if (kind.kind === 'amount') return typeof value === 'number' ? formatEuro(value) : String(value);
  if (kind.kind === 'enum' || path === 'selling.preisboerse_time') return optionLabel(path, value);
  if (path.endsWith('.nationality')) return countryByCode(String(value))?.label ?? String(value);
  return String(value);
}

type Person = 'firstTenant' | 'secondTenant';
type WithAddress = Person | 'landlord' | 'object';

function address(model: FormModel, who: WithAddress): string {
  const a = model[who].address;
  return joined([joined([a.street, a.number]), joined([a.zip, a.city])], ', ');
}

/**
 * Rows that stand for several fields: the first path of each names the row; every field listed
 * is read back in it and nowhere else.
 */
type Composite = {
  paths: readonly FieldPath[];
  row: (m: FormModel, shown: Set<string>) => Omit<SummaryRow, 'path'>;
};

const person = (p: Person): Composite[] => [
  {
    paths: [`${p}.gender`, `${p}.firstName`, `${p}.lastName`],
    row: (m) => ({
      label: t.name,
      value: joined([
        m[p].gender ? optionLabel(`${p}.gender`, m[p].gender) : '',
        m[p].firstName,
        m[p].lastName,
      ]),
    }),
  },
  {
    paths: [`${p}.address.street`, `${p}.address.number`, `${p}.address.zip`, `${p}.address.city`],
    row: (m) => ({ label: t.address, value: address(m, p) }),
  },
  {
    paths: [`${p}.isCreditCheckApproved`],
    row: (m) => ({ label: t.creditCheck, value: m[p].isCreditCheckApproved ? t.consented : '' }),
  },
];

const composites: Composite[] = [
  ...person('firstTenant'),
  ...person('secondTenant'),
  {
    paths: [
      'landlord.formOfAddress',
      'landlord.firstName',
      'landlord.lastName',
      'landlord.companyName',
      'landlord.companyNameAddition',
    ],
    row: (m) => {
      const l = m.landlord;
      const salutation = l.formOfAddress
        ? optionLabel('landlord.formOfAddress', l.formOfAddress)
        : '';
      return {
        label: t.landlord,
        value:
          l.formOfAddress === 'company'
            ? joined([joined([l.companyName]), joined([l.companyNameAddition])], ', ')
            : joined([salutation, l.firstName, l.lastName]),
      };
    },
  },
  {
    paths: [
      'landlord.address.street',
      'landlord.address.number',
      'landlord.address.zip',
      'landlord.address.city',
    ],
    row: (m) => ({ label: t.address, value: address(m, 'landlord') }),
  },
  {
    paths: [
      'object.address.street',
      'object.address.number',
      'object.address.zip',
      'object.address.city',
    ],
    row: (m) => ({ label: t.address, value: address(m, 'object') }),
  },
  {
    paths: ['object.isContractLimited', 'object.contractLimitDate'],
    row: (m, shown) => ({
      label: t.limited,
      value:
        m.object.isContractLimited === true
          ? shown.has('object.contractLimitDate') && text(m.object.contractLimitDate)
            ? t.limitedUntil(text(m.object.contractLimitDate))
            : ui.options.yes
          : display('object.isContractLimited', m.object.isContractLimited),
    }),
  },
  {
    paths: [
      'object.hasPreinsurance',
      'object.preinsuranceCompany',
      'object.preinsuranceId',
      'object.preinsuranceQuitBy',
    ],
    row: (m) => {
      const o = m.object;
      const details = joined(
        [
          o.preinsuranceCompany,
          text(o.preinsuranceId) ? t.contractNumber(text(o.preinsuranceId)) : '',
          o.preinsuranceQuitBy
            ? t.quitBy(optionLabel('object.preinsuranceQuitBy', o.preinsuranceQuitBy))
            : '',
        ],
        ', ',
      );
      return {
        label: t.preinsurance,
        value:
          o.hasPreinsurance === true && details
            ? t.yesWith(details)
            : display('object.hasPreinsurance', o.hasPreinsurance),
      };
    },
  },
  {
    paths: ['object.hasPredamage', 'object.predamageDetail'],
    row: (m) => ({
      label: t.predamage,
      value:
        m.object.hasPredamage === true && text(m.object.predamageDetail)
          ? t.yesWith(text(m.object.predamageDetail))
          : display('object.hasPredamage', m.object.hasPredamage),
    }),
  },
  {
    paths: ['bankAccount.accountOwner'],
    row: (m) => {
      const who = m.bankAccount.accountOwner;
      const role = who ? optionLabel('bankAccount.accountOwner', who) : '';
      const name = who ? joined([m[who].firstName, m[who].lastName]) : '';
      return {
        label: fieldLabel('bankAccount.accountOwner'),
        value: name ? ui.options.accountOwnerNamed(name, role) : role,
      };
    },
  },
  {
    paths: [
      'bankAccount.useIban',
      'bankAccount.iban',
      'bankAccount.accountNumber',
      'bankAccount.bankCode',
      'bankAccount.bankName',
    ],
    row: (m) => {
      const b = m.bankAccount;
      return {
        label: t.account,
        value:
          b.useIban !== false
            ? text(b.iban)
            : text(b.accountNumber)
              ? t.accountNumber(text(b.accountNumber), text(b.bankCode), text(b.bankName))
              : '',
      };
    },
  },
  ...(
    [
      ['selling.immoscout', 'selling.immoscout_area'],
      ['selling.preisboerse', 'selling.preisboerse_time'],
      ['selling.MieterEngel', 'selling.MieterEngel_phone'],
    ] as const
  ).map(([extra, detail]): Composite => ({
    paths: [extra, detail],
    row: (m) => ({
      label: fieldLabel(extra),
      value: getField(m, extra) === true ? display(detail, getField(m, detail)) || t.chosen : '',
    }),
  })),
];

const compositeOf = new Map<string, Composite>(
  composites.flatMap((c) => c.paths.map((p) => [p, c] as const)),
);

/**
 * Fields never read back: plumbing (captcha, bot checks), the e-mail typed twice, the second
 * tenant's add button (the tenant's rows say it), and the start step's digital wish once the
 * payment step has the delivery (it read "Ja" beside a postal address).
 */
const notReadBack = (p: FieldPath, model: FormModel) =>
  p.startsWith('security.') ||
  p.endsWith('emailRepeat') ||
  p === 'objective.useSecondTenant' ||
  (p === 'objective.useDigitalGuarantee' && !!model.objective.deliverTo);

/** An extra the tenant did not choose is not listed (issue 27: nine "–" lines before). */
const unchosenExtra = (p: FieldPath, value: unknown) => p.startsWith('selling.') && value !== true;

/**
 * The check page's rows of one step, from the flow's active mask (so they follow every guard):
 * one row per answer, related fields in one row (name, address, account, an extra with its
 * detail), nothing the tenant left empty or did not choose. The second tenant's rows say whose
 * they are.
 */
export function summaryRows(model: FormModel, step: StepId, ctx: RuleContext): SummaryRow[] {
  const mask = activeMask(model, step, ctx).filter((p) => !notReadBack(p, model));
  const shown = new Set<string>(mask);
  const second = shown.has('secondTenant.firstName');
  const done = new Set<Composite>();
  const rows: SummaryRow[] = [];
  for (const path of mask) {
    const composite = compositeOf.get(path);
    let row: Omit<SummaryRow, 'path'>;
    if (composite) {
      if (done.has(composite)) continue;
      done.add(composite);
      row = composite.row(model, shown);
    } else {
      const value = getField(model, path);
      if (unchosenExtra(path, value)) continue;
      row = {
        label: shortLabel(path),
        value: path.startsWith('selling.') ? t.chosen : display(path, value),
      };
    }
    if (!row.value) continue;
    const whose = path.startsWith('secondTenant.')
      ? ui.steps.tenant.secondTenantTitle
      : second && path.startsWith('firstTenant.')
        ? ui.steps.tenant.firstTenantTitle
        : undefined;
    rows.push({ path, label: whose ? t.whose(row.label, whose) : row.label, value: row.value });
  }
  return rows;
}
