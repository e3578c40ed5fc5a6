import {
  Suspense,
  use,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type FormEvent,
} from 'react';
import {
  backLabel,
  forwardLabel,
  forwardTarget,
  previousStep,
  isLastStep,
} from '../../domain/flow/navigation';
import { attributionOf } from '../../domain/flow/attribution';
import type { StepId } from '../../domain/flow/steps';
import { todayInBerlin } from '../../domain/dates';
import type { RuleContext } from '../../domain/rules/context';
import type { FormModel } from '../../domain/model/schema';
import { HttpError } from '../api/http';
import { ErrorSummary } from '../forms/ErrorSummary';
import { labelOf, ui, globalAppendix } from '../text';
import { currentRules, loadRuleTables, subscribeRules, validateStepForWeb } from '../rules';
import { useApplication } from '../state/application';
import { useFlow } from '../state/flowContext';
import { acquireLock, releaseLock, useLocked } from '../state/lock';
import { lockReleaseMs } from '../../domain/rules/limits';
import { StepFormProvider, useStepForm } from '../state/stepForm';
import { useNavigate, useQuery } from './router';
import { useServices } from './services';
import { Spinner } from './Spinner';
import { TopNav } from './TopNav';
import { AttributionNotice } from './AttributionNotice';
import PriceSummary from './PriceSummary';
import { lazyRoute } from './lazyRoute';

// Needed only after the first save or at the end: separate chunks.
const ProcessingOverlay = lazyRoute(() => import('./ProcessingOverlay'));
const SaveLater = lazyRoute(() => import('./SaveLater'));
import { stepUrl } from './urls';
import { useTenancyLoad } from './useTenancyLoad';

const CAPTCHA = 'security.captchaResponseKey';

/** The first step before `step` whose shown fields are not valid, with their messages. */
function earlierIncomplete(
  model: FormModel,
  list: readonly StepId[],
  step: StepId,
  ctx: RuleContext,
): { step: StepId; errors: Record<string, string> } | undefined {
  for (const s of list.slice(0, list.indexOf(step))) {
    // Captcha and bot fields are the server's to judge (it remembers a solved captcha).
    const errors = Object.fromEntries(
      Object.entries(validateStepForWeb(model, s, ctx).errors).filter(
        ([p]) => !p.startsWith('security.'),
      ),
    );
    if (Object.keys(errors).length > 0) return { step: s, errors };
  }
  return undefined;
}

export interface StepBodyProps {
  ctx: RuleContext;
}

/**
 * The frame of every step: top navigation, title, error summary, the step's own fields (a lazy
 * chunk), back and forward. Forward validates with the domain rules, saves, then goes to
 * skip_to, the return target (check page edits) or the next step of the flow.
 */
export function StepPage({ step, Body }: { step: StepId; Body: ComponentType<StepBodyProps> }) {
  const { model } = useApplication();
  const { config, list, reservation } = useFlow();
  const { config: web } = useServices();
  const ctx = useMemo<RuleContext>(
    () => ({
      today: todayInBerlin(web.now()),
      reconfigured: config.reconfigured,
      reservation,
      stepList: list,
    }),
    [web, config.reconfigured, reservation, list],
  );
  const rules = useSyncExternalStore(subscribeRules, currentRules);
  const validation = useMemo(
    // The rule book grows once (ADR 0807): then every field is judged again.
    () => validateStepForWeb(model, step, ctx, rules),
    [model, step, ctx, rules],
  );
  const loading = useTenancyLoad();
  if (loading) return <Spinner text={ui.technical.loading} />;
  return (
    <StepFormProvider key={step} step={step} validation={validation}>
      <StepFrame step={step} Body={Body} ctx={ctx} rulesPending={validation.pending} />
    </StepFormProvider>
  );
}

/** Suspends the form (not the page) until the rule checks it needs have arrived. */
function RulesReady({ pending }: { pending: Promise<void> | undefined }) {
  if (pending) use(pending);
  return null;
}

function StepFrame({
  step,
  Body,
  ctx,
  rulesPending,
}: {
  step: StepId;
  Body: ComponentType<StepBodyProps>;
  ctx: RuleContext;
  rulesPending: Promise<void> | undefined;
}) {
  const { api, config: web } = useServices();
  const app = useApplication();
  const { list, reservation } = useFlow();
  const form = useStepForm();
  const navigate = useNavigate();
  const query = useQuery();
  const locked = useLocked();
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState('');
  const [processing, setProcessing] = useState<string>();
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  const cid = query.get('cid') ?? app.model.cid ?? undefined;
  const returnTo = query.get('return') as StepId | null;
  const urlOpts = { cid, reservation };

  const jump = (target: StepId) => navigate(stepUrl(target, urlOpts));

  /** Shows errors of another step there: the tenant is led to the field with its message. */
  const leadTo = (target: StepId, errors: Record<string, string>, newCid = cid) => {
    app.setSession({ carriedErrors: { step: target, errors } });
    navigate(stepUrl(target, { ...urlOpts, cid: newCid, returnTo: step }));
  };

  const forward = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!acquireLock()) return; // double clicks are ignored while locked
    if (form.hasErrors) {
      releaseLock();
      form.showAll();
      return;
    }
    // The last step submits everything: an earlier step left incomplete (a reservation opened at
    // /tenant without a deposit) is shown first, with the message on its fields.
    if (reservation && isLastStep(list, step)) {
      // The earlier steps may show fields checked by that part; the server judges them anyway.
      await loadRuleTables().catch(() => undefined);
      const incomplete = earlierIncomplete(app.model, list, step, ctx);
      if (incomplete) {
        releaseLock();
        return leadTo(incomplete.step, incomplete.errors);
      }
    }
    setFailure('');
    setStatus(ui.technical.loading);
    // A captcha solution the server accepted once is never sent again (single-use; it would be
    // refused as a replay); the server remembers that this application solved it.
    const key = app.model.security.captchaResponseKey;
    const spent = !!key && app.session.captchaSpent === key;
    const model = spent
      ? { ...app.model, security: { ...app.model.security, captchaResponseKey: undefined } }
      : app.model;
    const sentKey = !spent && key && form.mask.includes(CAPTCHA) ? key : undefined;
    try {
      const result = await api.save({ model, cid, step, mask: form.mask, reservation });
      releaseLock(lockReleaseMs);
      if (!mounted.current) return;
      setStatus('');
      const fieldErrors = Object.fromEntries(
        Object.entries(result.errors)
          .filter(([, m]) => m && m.length)
          .map(([p, m]) => [p, (m as string[])[0] as string]),
      );
      // The server stored the step even with errors: later saves update that application
      // instead of starting another one.
      const newCid = result.cid ?? cid;
      if (newCid && newCid !== app.model.cid) {
        app.updateModel((m) => ({ ...m, cid: newCid }));
        app.setSession({ loadedCid: newCid });
      }
      if (sentKey && !result.clearCaptcha && !fieldErrors[CAPTCHA])
        app.setSession({ captchaSpent: sentKey });
      if (Object.keys(fieldErrors).length > 0 || result.globalErrors.length > 0) {
        if (result.clearCaptcha || fieldErrors[CAPTCHA]) {
          app.setField(CAPTCHA, undefined);
          app.setSession({
            captchaSolved: false,
            captchaSpent: undefined,
            captchaRejections: app.session.captchaRejections + 1,
          });
        }
        // Errors of fields this step does not show: go where skip_to says, message on the field.
        const elsewhere = Object.keys(fieldErrors).some((p) => !form.mask.some((m) => m === p));
        if (elsewhere && result.skipTo && result.skipTo !== step && list.includes(result.skipTo)) {
          return leadTo(result.skipTo, fieldErrors, newCid);
        }
        form.setServerErrors(fieldErrors);
        if (result.globalErrors.length) setFailure(result.globalErrors.join(' '));
        return;
      }
      const codes = attributionOf(app.model);
      // Spec §7: /uce also calls the checkout step endpoint (with a partner code: without one
      // it has nothing to record); its answer is not read (ADR 0835).
      if (step === 'uce' && newCid && codes.partnerCode)
        api
          .checkoutStep({ cid: newCid, ...codes })
          .catch((err: unknown) => console.warn('checkout step call failed', err));
      // Both codes known and saved, or the lookup's choice answered: uce is done and leaves the
      // list (back skips it too), so /start continues to the tenant (ADR 0835).
      if (
        step === 'uce' &&
        codes.partnerCode &&
        (codes.subPartnerCode || app.session.subPartners.length > 0)
      )
        app.setSession({ hasVmAndUvm: true });
      // Spec §4: a non-empty partner code hides the partner code field from now on.
      if (app.model.billing.partner_code?.trim()) app.setField('billing.hide_partner_code', true);
      if (isLastStep(list, step)) {
        if (newCid) setProcessing(newCid);
        return;
      }
      const target =
        (result.skipTo && list.includes(result.skipTo) ? result.skipTo : undefined) ??
        (returnTo && list.includes(returnTo) ? returnTo : undefined) ??
        forwardTarget(list, step, app.model);
      if (target) navigate(stepUrl(target, { ...urlOpts, cid: newCid }));
    } catch (err) {
      releaseLock();
      if (!mounted.current) return;
      setStatus('');
      if (err instanceof HttpError && err.failure.kind === 'unparseable')
        setFailure(ui.technical.xhrError);
      else setFailure(ui.technical.networkError);
    }
  };

  const hasVisibleErrors = form.visibleErrors.length > 0;
  useEffect(() => {
    // GOV.UK: the page title starts with the word for error while errors are shown.
    const prefix = hasVisibleErrors ? ui.errorsSummary.pageTitlePrefix : '';
    document.title = `${prefix}${ui.steps[step].title} – ${ui.appTitle}`;
  }, [step, hasVisibleErrors]);

  useEffect(() => form.setForward(() => void forward()));

  // No back button that leads where forward leads ('Weiter zum Start' on /uce, ADR 0835).
  const previous = previousStep(list, step);
  const back = previous !== forwardTarget(list, step, app.model) ? previous : undefined;
  const backText = backLabel(list, step);
  const entries = form.visibleErrors.map((e) => ({ ...e, label: labelOf(e.path) }));

  return (
    <>
      {processing ? (
        <Suspense fallback={<Spinner text={ui.technical.loading} />}>
          <ProcessingOverlay cid={processing} reservation={reservation} />
        </Suspense>
      ) : null}
      <TopNav current={step} onJump={jump} />
      {step !== 'start' ? (
        <PriceSummary model={app.model} tariff={web.tariff} reconfigured={ctx.reconfigured} />
      ) : null}
      <ErrorSummary
        title={ui.errorsSummary.title}
        intro={globalAppendix}
        entries={entries}
        attempt={form.attempt}
      />
      {failure ? (
        <div className="notice notice--error" role="alert">
          <p>{failure}</p>
        </div>
      ) : null}
      {/* One boundary for the form and what follows it: while the step's chunk loads, a card with
          the same heading and a spinner stands in for all of it, so the page always has its h1 and
          nothing already shown moves when the fields arrive (CLS). */}
      <Suspense
        fallback={
          <div className="card">
            <h1>{ui.steps[step].title}</h1>
            <Spinner text={ui.technical.loading} />
          </div>
        }
      >
        <RulesReady pending={rulesPending} />
        <form className="card" noValidate onSubmit={forward} aria-labelledby="step-title">
          <h1 id="step-title">{ui.steps[step].title}</h1>
          <AttributionNotice step={step} />
          <Body ctx={ctx} />
          <div className="actions">
            {back && backText ? (
              <button type="button" className="button button--secondary" onClick={() => jump(back)}>
                {backText}
              </button>
            ) : (
              <span />
            )}
            <button type="submit" className="button" aria-disabled={locked ? 'true' : undefined}>
              {forwardLabel(list, step, reservation, app.model)}
            </button>
          </div>
          <p className="visually-hidden" role="status" aria-live="polite">
            {status}
          </p>
        </form>
        {cid && !processing ? (
          <Suspense fallback={null}>
            <SaveLater cid={cid} step={step} />
          </Suspense>
        ) : null}
      </Suspense>
    </>
  );
}
