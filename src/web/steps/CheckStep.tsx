import { useEffect, useState } from 'react';
import { summaryRows } from '../../domain/flow/checkSummary';
import { canJumpTo } from '../../domain/flow/navigation';
import { steps, type StepId } from '../../domain/flow/steps';
import type { PaymentConditions } from '../../domain/model/schema';
import type { RatesResponse } from '../../domain/tariff/rates';
import { legalPagePath, legalTitles, type LegalSlug } from '../../domain/legal/slugs';
import { useNavigate } from '../app/router';
import { useServices } from '../app/services';
import type { StepBodyProps } from '../app/StepPage';
import { stepUrl } from '../app/urls';
import { Check } from '../forms/bound';
import { useApplication } from '../state/application';
import { useFlow } from '../state/flowContext';
import { useStepForm } from '../state/stepForm';
import { formatEuro, ui } from '../text';
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
 * /check: the answers of every earlier step, generated from the flow and the active masks
 * (domain/flow/checkSummary.ts: one row per answer, nothing left empty or unchosen), an
 * "Ändern" link per step (after the edit, forward returns here), the consumer information of
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
        const rows = summaryRows(model, step, ctx);
        // A step without an answer to read back is left out; the extras say that none was chosen.
        if (rows.length === 0 && step !== 'selling') return null;
        const title = steps[step].navLabel ?? ui.steps[step].title;
        const href = stepUrl(step, { cid: model.cid, reservation, returnTo: 'check' });
        return (
          <section key={step} aria-labelledby={`check-${step}`}>
            <div className="section-head">
              <h2 id={`check-${step}`}>{title}</h2>
              <a
                href={href}
                onClick={(e) => {
                  e.preventDefault();
                  navigate(href);
                }}
              >
                {ui.buttons.edit}
                <span className="visually-hidden">{ui.buttons.editSection(title)}</span>
              </a>
            </div>
            {rows.length === 0 ? (
              <p>{ui.check.noExtras}</p>
            ) : step === 'selling' ? (
              // The chosen extras as a list: their names are the answer.
              <ul className="summary-extras">
                {rows.map((r) => (
                  <li key={r.path}>
                    {r.value === ui.check.rows.chosen ? r.label : `${r.label}: ${r.value}`}
                  </li>
                ))}
              </ul>
            ) : (
              <dl className="summary-list summary-list--check">
                {rows.map((r) => (
                  <div key={r.path}>
                    <dt>{r.label}</dt>
                    <dd>{r.value}</dd>
                  </div>
                ))}
              </dl>
            )}
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
