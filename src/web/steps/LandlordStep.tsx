import { formOfAddressValues } from '../../domain/model/schema';
import { Link } from '../app/router';
import { stepUrl } from '../app/urls';
import { useApplication } from '../state/application';
import { AddressFields } from '../forms/AddressFields';
import { Radio, Text } from '../forms/bound';
import { optionLabels, ui } from '../text';

/** /landlord: the reservation hint first, then person or company and the address. */
export default function LandlordStep() {
  const { model } = useApplication();
  return (
    <>
      <div className="hint-box">
        <h2>{ui.reservation.landlordHint}</h2>
        <p>{ui.reservation.landlordHintText}</p>
        <Link to={stepUrl('tenant', { cid: model.cid, reservation: true })}>
          {ui.buttons.reserveAndContinueLater}
        </Link>
      </div>
      <Radio
        path="landlord.formOfAddress"
        values={formOfAddressValues}
        labels={optionLabels('formOfAddress')}
        inline
      />
      <Text path="landlord.firstName" />
      <Text path="landlord.lastName" />
      <Text path="landlord.companyName" />
      <Text path="landlord.companyNameAddition" />
      <Text path="landlord.landlordName" autoComplete="name" />
      <AddressFields prefix="landlord" />
    </>
  );
}
