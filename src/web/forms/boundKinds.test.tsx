import { describe, expect, it } from 'vitest';
import type { useStepForm } from '../state/stepForm';
import { Amount, Check, DateText, Radio, Select, Text, YesNo } from './bound';

// Controls are typed by their field's kind (issue 29). `tsc` checks this file: every line under
// an @ts-expect-error must fail to compile, or tsc reports the unused directive. Nothing here is
// rendered; the rendered controls are checked in src/web/steps/stepFields.test.tsx.

type PathOf<C> = C extends (props: infer P) => unknown
  ? P extends { path: infer X }
    ? X
    : never
  : never;

const right = [
  <Text key="1" path="firstTenant.firstName" />,
  <Text key="2" path="bankAccount.bankCode" />,
  <Amount key="3" path="objective.deposit" />,
  <DateText key="4" path="firstTenant.birthdayDate" />,
  <Check key="5" path="firstTenant.isCreditCheckApproved" />,
  <YesNo key="6" path="object.isContractLimited" />,
  <Radio key="7" path="firstTenant.gender" values={['m', 'f']} labels={{}} />,
  <Select key="8" path="firstTenant.nationality" choices={[]} />,
];

const wrong = [
  // @ts-expect-error an amount input bound to a tenant's first name
  <Amount key="1" path="firstTenant.firstName" />,
  // @ts-expect-error a text input bound to the credit-check consent
  <Text key="2" path="firstTenant.isCreditCheckApproved" />,
  // @ts-expect-error a text input bound to an amount
  <Text key="3" path="objective.deposit" />,
  // @ts-expect-error a check bound to a text
  <Check key="4" path="firstTenant.email" />,
  // @ts-expect-error a yes/no question bound to a choice
  <YesNo key="5" path="objective.target" />,
  // @ts-expect-error a radio bound to a free text
  <Radio key="6" path="firstTenant.lastName" values={[]} labels={{}} />,
  // @ts-expect-error a radio offering values its field cannot hold
  <Radio key="7" path="firstTenant.gender" values={['x']} labels={{}} />,
  // @ts-expect-error a select bound to an amount
  <Select key="8" path="objective.deposit" choices={[]} />,
  // @ts-expect-error a date input bound to a yes/no question
  <DateText key="9" path="object.isContractLimited" />,
  // @ts-expect-error a misspelt path
  <Text key="10" path="firstTenant.phon" />,
  // @ts-expect-error max length and keyboard come from the field registry, not the page
  <Text key="11" path="firstTenant.address.zip" maxLength={5} />,
];

/** The step form is typed by path: a value of the wrong kind fails tsc. */
function wrongValues(form: ReturnType<typeof useStepForm>) {
  form.set('objective.deposit', 1000);
  // @ts-expect-error an amount is a number
  form.set('objective.deposit', '1000');
  // @ts-expect-error a consent is true or false
  form.set('firstTenant.isCreditCheckApproved', 'yes');
  // @ts-expect-error not a value of the choice
  form.set('objective.target', 'other');
  const name: string | undefined = form.value('firstTenant.firstName');
  // @ts-expect-error a yes/no answer is no text
  const answer: string | undefined = form.value('object.isContractLimited');
  return [name, answer];
}

describe('controls take only the paths of their kind', () => {
  it('the path types exclude the other kinds', () => {
    const amount: PathOf<typeof Amount> = 'object.coldRent';
    // @ts-expect-error a text path is no amount path
    const text: PathOf<typeof Amount> = 'object.preinsuranceCompany';
    expect([amount, text]).toHaveLength(2);
    expect(right).toHaveLength(8);
    expect(wrong).toHaveLength(11);
    expect(wrongValues).toBeTypeOf('function');
  });
});
