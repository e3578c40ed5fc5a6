import { useEffect, useRef, useState } from 'react';
import { request } from '../api/http';
import { useServices } from '../app/services';
import { useApplication } from '../state/application';
import { useStepForm } from '../state/stepForm';
import { labelOf } from '../text';
import { errorId, fieldId } from './ids';

const CAPTCHA = 'security.captchaResponseKey';

/** The parts of the ALTCHA element's API used here (altcha 3: reset() and getState()). */
type AltchaElement = HTMLElement & { reset?: () => void; getState?: () => string };

/**
 * The self-hosted ALTCHA proof of work (no third-party calls) plus the bot-check fields pb
 * (honeypot, stays empty), pbt and pbk (signed form token from GET /api/botcheck). The widget is
 * a labelled checkbox that works by keyboard and announces its state; its payload becomes
 * security.captchaResponseKey. Solved state is kept in memory (spec §4), not re-asked.
 */
export function CaptchaField() {
  const form = useStepForm();
  const app = useApplication();
  const { config } = useServices();
  const [ready, setReady] = useState(false);
  const widget = useRef<AltchaElement>(null);
  const group = useRef<HTMLDivElement>(null);
  const key = app.model.security.captchaResponseKey;
  // Solved before this visit of the step: the server remembers it, nothing to show again - until
  // the server rejects it (the key is then cleared and the field comes back to be solved again).
  const [solvedAtMount] = useState(() => app.session.captchaSolved && !!key);
  const solvedBefore = solvedAtMount && !!key;

  useEffect(() => {
    let cancelled = false;
    // The widget and its German texts load only on the step that shows the captcha.
    Promise.all([import('altcha'), import('altcha/i18n/de')]).then(
      () => !cancelled && setReady(true),
      (err: unknown) => console.error('captcha failed to load', err),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    if (app.model.security.pbt && app.model.security.pbk) return;
    request<{ pb: string; pbt: string; pbk: string }>(config.apiHost, '/api/botcheck').then(
      ({ data }) => {
        form.set('security.pbt', data.pbt);
        form.set('security.pbk', data.pbk);
      },
      (err: unknown) => console.warn('bot check token unavailable', err),
    );
    // Once per step visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const el = widget.current;
    if (!el || !ready) return;
    const onState = (e: Event) => {
      const detail = (e as CustomEvent<{ payload?: string; state: string }>).detail;
      if (detail.state === 'verified' && detail.payload) {
        form.set(CAPTCHA, detail.payload);
        app.setSession({ captchaSolved: true, captchaSpent: undefined });
      } else if (detail.state === 'expired' || detail.state === 'error') {
        form.set(CAPTCHA, undefined);
        app.setSession({ captchaSolved: false });
        // Only a failure counts as leaving the field: while it verifies no error may flash.
        form.blur(CAPTCHA);
      }
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, [ready, form, app]);

  // The server rejected the solution (too fast, expired, used): StepPage cleared the key. The
  // widget still says "verified", so it is reset to be solved again, and focus moves to the field,
  // whose description is the message.
  const error = form.error(CAPTCHA);
  // Also runs while the field renders nothing (solved before): then the rejection brings it back.
  const rejections = app.session.captchaRejections;
  const seenRejections = useRef(rejections);
  useEffect(() => {
    if (rejections === seenRejections.current) return;
    seenRejections.current = rejections;
    const el = widget.current;
    if (el && el.getState?.() !== 'unverified') el.reset?.();
    group.current?.focus();
  }, [rejections]);

  if (solvedBefore) return null;
  return (
    <div
      className={`field${error ? ' field--error' : ''}`}
      id={fieldId(CAPTCHA)}
      ref={group}
      tabIndex={-1}
      role="group"
      aria-labelledby={`${fieldId(CAPTCHA)}-label`}
      aria-describedby={error ? errorId(CAPTCHA) : undefined}
    >
      <p className="label" id={`${fieldId(CAPTCHA)}-label`}>
        {labelOf(CAPTCHA)}
      </p>
      {error ? (
        <p className="field-error" id={errorId(CAPTCHA)}>
          {error}
        </p>
      ) : null}
      {ready ? (
        <altcha-widget
          ref={widget}
          challenge={`${config.apiHost}/api/captcha/challenge`}
          language="de"
          name="captcha"
          hidefooter
          hidelogo
        />
      ) : (
        <div className="spinner" aria-hidden="true" />
      )}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="f-security-pb">{labelOf('security.pb')}</label>
        <input
          id="f-security-pb"
          name="pb"
          tabIndex={-1}
          autoComplete="off"
          value={app.model.security.pb ?? ''}
          onChange={(e) => form.set('security.pb', e.target.value)}
        />
      </div>
    </div>
  );
}
