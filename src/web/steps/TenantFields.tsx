import { genderValues } from '../../domain/model/schema';
import { AddressFields } from '../forms/AddressFields';
import { Check, DateText, Radio, Text } from '../forms/bound';
import { CountrySelect } from '../forms/CountrySelect';
import { optionLabels, ui } from '../text';

/** The fields of one tenant; the first tenant's contact fields get the browser's autofill. */
export function TenantFields({ who }: { who: 'firstTenant' | 'secondTenant' }) {
  const own = who === 'firstTenant';
  const ac = (token: string) => (own ? token : 'off');
  return (
    <>
      <Radio path={`${who}.gender`} values={genderValues} labels={optionLabels('gender')} inline />
      <Text path={`${who}.firstName`} autoComplete={ac('given-name')} />
      <Text path={`${who}.lastName`} autoComplete={ac('family-name')} />
      <DateText path={`${who}.birthdayDate`} hint={ui.hints.date} autoComplete={ac('bday')} />
      <CountrySelect path={`${who}.nationality`} />
      <AddressFields prefix={who} own={own} />
      <Text path={`${who}.email`} autoComplete={ac('email')} />
      <Text path={`${who}.emailRepeat`} hint={ui.hints.emailRepeat} />
      <Text path={`${who}.phone`} hint={ui.hints.phone} autoComplete={ac('tel')} />
      <Check path={`${who}.isCreditCheckApproved`} />
    </>
  );
}
