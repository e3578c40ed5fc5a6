import { useRef } from 'react';
import { firstOpenStep } from '../../domain/flow/openStep';
import { defaultFormModel } from '../../domain/model/defaults';
import type { StepBodyProps } from '../app/StepPage';
import { useNavigate, useQuery } from '../app/router';
import { stepUrl } from '../app/urls';
import { Check, Text } from '../forms/bound';
import { CaptchaField } from '../forms/CaptchaField';
import { fieldId } from '../forms/ids';
import { validateStepForWeb } from '../rules';
import { useApplication } from '../state/application';
import { useFlow } from '../state/flowContext';
import { useStepForm } from '../state/stepForm';
import { ui } from '../text';
import { TenantFields } from './TenantFields';

/**
 * /tenant: first tenant, optional second tenant (add/remove), partner code. In reservation mode
 * one tenant, consent and captcha (the domain mask decides). After a reservation (contract state
 * not_completed_reservation) the hint with 'Persönliche Daten ändern' / 'Mit dem Antrag fortfahren'.
 */
export default function TenantStep({ ctx }: StepBodyProps) {
  const form = useStepForm();
  const app = useApplication();
  const navigate = useNavigate();
  const flow = useFlow();
  const query = useQuery();
  const secondHeading = useRef<HTMLHeadingElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const afterReservation =
    !ctx.reservation && app.model.formHandling.contractState === 'not_completed_reservation';
  const continued = app.session.continuedAfterReservation;
  const setContinued = (v: boolean) => app.setSession({ continuedAfterReservation: v });

  if (afterReservation && !continued) {
    return (
      <div className="notice" role="status">
        <div>
          <p>
            {ui.reservation.alreadyGivenHint} {ui.reservation.alreadyGivenDetail}
          </p>
          <div className="actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                // Clears the session id and the tenant data, then starts a new reservation.
                const fresh = defaultFormModel();
                app.replaceModel({
                  ...app.model,
                  cid: undefined,
                  firstTenant: fresh.firstTenant,
                  secondTenant: fresh.secondTenant,
                });
                app.setSession({ loadedCid: undefined, reservation: true });
                navigate(stepUrl('tenant', { reservation: true }));
              }}
            >
              {ui.reservation.changePersonalData}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                // On to the first step still open (the landlord, as a rule); back on this step
                // the tenant then sees the form, not this hint again.
                setContinued(true);
                const next = firstOpenStep(flow.list, (s) =>
                  Object.keys(validateStepForWeb(app.model, s, ctx).errors),
                );
                if (next && next !== 'tenant')
                  navigate(stepUrl(next, { cid: query.get('cid') ?? app.model.cid ?? undefined }));
              }}
            >
              {ui.reservation.continueApplication}
            </button>
          </div>
        </div>
      </div>
    );
  }

  const second = app.model.objective.useSecondTenant === true;
  const canHaveSecond = form.mask.includes('objective.useSecondTenant');
  // The add and remove buttons are the control of objective.useSecondTenant: they carry its id.
  const secondTenantId = fieldId('objective.useSecondTenant');
  return (
    <>
      <h2>{ui.steps.tenant.firstTenantTitle}</h2>
      <TenantFields who="firstTenant" />
      {canHaveSecond && !second ? (
        <button
          type="button"
          className="button button--secondary"
          id={secondTenantId}
          ref={addButton}
          onClick={() => {
            form.set('objective.useSecondTenant', true);
            requestAnimationFrame(() => secondHeading.current?.focus());
          }}
        >
          {ui.buttons.addSecondTenant}
        </button>
      ) : null}
      {canHaveSecond && second ? (
        <section aria-labelledby="second-tenant-title">
          <h2 id="second-tenant-title" tabIndex={-1} ref={secondHeading}>
            {ui.steps.tenant.secondTenantTitle}
          </h2>
          <TenantFields who="secondTenant" />
          <button
            type="button"
            className="button button--secondary"
            id={secondTenantId}
            onClick={() => {
              form.set('objective.useSecondTenant', false);
              requestAnimationFrame(() => addButton.current?.focus());
            }}
          >
            {ui.buttons.removeSecondTenant}
          </button>
        </section>
      ) : null}
      <Text path="billing.partner_code" hint={ui.hints.partnerCode} />
      <Check path="objective.privacyPolicyAccepted" />
      {form.mask.includes('security.captchaResponseKey') ? <CaptchaField /> : null}
    </>
  );
}
