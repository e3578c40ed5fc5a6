import { useEffect, useState } from 'react';
import { activeMask } from '../../domain/flow/activeMask';
import { canJumpTo } from '../../domain/flow/navigation';
import { steps, type StepId } from '../../domain/flow/steps';
import type { FieldPath } from '../../domain/model/paths';
import { fieldKinds, getField } from '../../domain/model/paths';
import type { FormModel, PaymentConditions } from '../../domain/model/schema';
import type { RatesResponse } from '../../domain/tariff/rates';
import { countryByCode } from '../../domain/countries/list';
import { legalPagePath, legalTitles, type LegalSlug } from '../../domain/legal/slugs';
import { useNavigate } from '../app/router';
import { useServices } from '../app/services';
import type { StepBodyProps } from '../app/StepPage';
import { stepUrl } from '../app/urls';
import { Check } from '../forms/bound';
import { useApplication } from '../state/application';
import { useFlow } from '../state/flowContext';
import { useStepForm } from '../state/stepForm';
import { formatEuro, labelOf, optionLabels, ui } from '../text';
import { legalTexts } from '../../domain/messages/results';
import { SellingFields } from './SellingStep';
import { MandateText } from './MandateText';

/** The documents the acceptance boxes name (content/legal; pages, the contract ones also PDFs). */
const contractDocuments: LegalSlug[] = [
  'datenschutz',
  'versicherungsbedingungen',
  'verbraucherinformationen',
  'widerrufsbelehrung',
];

/**
 * Fields that are plumbing, not answers: never listed on the check page. The start step's wish
 * for a digital certificate is answered by the delivery chosen on the payment step; listing both
 * read "digital per E-Mail: Ja" next to a postal address.
 */
const hidden = (p: string, model: FormModel) =>
  p.startsWith('security.') ||
  p.endsWith('emailRepeat') ||
  p === 'objective.useSecondTenant' ||
  (p === 'objective.useDigitalGuarantee' && !!model.objective.deliverTo);

/** An answer as the tenant should read it back. */
function display(path: FieldPath, value: unknown): string {
  if (value === undefined || value === null || value === '') return '–';
  const kind = fieldKinds[path];
  if (kind.kind === 'bool') return value ? ui.options.yes : ui.options.no;
  if (kind.kind === 'amount') return typeof value === 'number' ? formatEuro(value) : String(value);
  if (kind.kind === 'enum') return optionLabels(path)[String(value)] ?? String(value);
  if (path.endsWith('.nationality')) return countryByCode(String(value))?.label ?? String(value);
  return String(value);
}

/**
 * /check: every answer of every earlier step, generated from the flow and the active masks, an
 * edit link per step (after the edit, forward returns here), the consumer information of
 * DECISIONS.md and the acceptance boxes. Without a 'selling' step the extras are asked here.
 */
export default function CheckStep({ ctx }: StepBodyProps) {
  const { model } = useApplication();
  const { list, reservation } = useFlow();
  const { api } = useServices();
  const navigate = useNavigate();
  const form = useStepForm();
  const [rates, setRates] = useState<RatesResponse>();
  const deposit = model.objective.deposit;
  const payment = model.objective.paymentConditions;
  useEffect(() => {
    if (typeof deposit === 'number' && Number.isFinite(deposit))
      api
        .rates(deposit, payment)
        .then(setRates, (err: unknown) => console.warn('rates unavailable', err));
  }, [api, deposit, payment]);

  const earlier = list.filter((s) => canJumpTo(list, 'check', s));
  const freq = model.objective.paymentConditions as PaymentConditions | undefined;
  const rate = freq && rates?.[freq];
  const digital = model.objective.deliverTo === 'digital';
  return (
    <>
      {earlier.map((step: StepId) => {
        const fields = activeMask(model, step, ctx).filter((p) => !hidden(p, model));
        if (fields.length === 0) return null;
        const title = steps[step].navLabel ?? ui.steps[step].title;
        return (
          <section key={step} aria-labelledby={`check-${step}`}>
            <div className="section-head">
              <h2 id={`check-${step}`}>{title}</h2>
              <button
                type="button"
                className="linklike"
                onClick={() =>
                  navigate(stepUrl(step, { cid: model.cid, reservation, returnTo: 'check' }))
                }
              >
                {ui.buttons.edit}
                <span className="visually-hidden"> {ui.buttons.editHidden(title)}</span>
              </button>
            </div>
            <dl className="summary-list">
              {fields.map((p) => (
                <div key={p}>
                  <dt>{labelOf(p)}</dt>
                  <dd>{display(p, getField(model, p))}</dd>
                </div>
              ))}
            </dl>
          </section>
        );
      })}
      {form.mask.includes('selling.keySafeing') ? <SellingFields /> : null}
      <section aria-labelledby="consumer-info" className="hint-box">
        <h2 id="consumer-info">{ui.check.consumerInformationTitle}</h2>
        {rate ? (
          <p>
            <strong>{ui.check.premium(formatEuro(rate.rate_per_payment), rate.i18n_adverb)}</strong>
          </p>
        ) : null}
        <p>{ui.hints.pricesIncludeVat}</p>
        <p>{ui.check.noMinimumTerm}</p>
        <p>{ui.check.withdrawal}</p>
        <MandateText />
        <p>{ui.check.creditCheck}</p>
        <p>{ui.check.firstDebit}</p>
        {model.selling.mailForwarding ? <p>{ui.check.mailForwardingCost}</p> : null}
        {digital ? null : <p>{ui.hints.shipping}</p>}
      </section>
      <p>{legalTexts.documentsIntro}</p>
      <ul className="documents-list">
        {contractDocuments.map((slug) => (
          <li key={slug}>
            <a href={legalPagePath(slug)} target="_blank" rel="noopener">
              {legalTitles[slug]}
            </a>
          </li>
        ))}
      </ul>
      <Check path="objective.conditionsAccepted" />
      <Check path="objective.privacyPolicyAccepted" />
      <Check path="objective.shippingNotesAccepted" />
      <p>{ui.check.finalButtonHint}</p>
    </>
  );
}
