import { useEffect, useRef, useState } from 'react';
import { ui } from '../text';
import { useNavigate } from './router';
import { useServices } from './services';
import { isExternal, leaveTo } from './leave';
import { outcomeFor, pollUntilFinal } from './polling';

/**
 * The processing overlay after the final submission: spinner and the spec's text, announced to
 * screen readers (role=alertdialog takes focus), then the redirect of spec §4 with its payload.
 */
function ProcessingOverlay({ cid, reservation }: { cid: string; reservation: boolean }) {
  const { api, config } = useServices();
  const navigate = useNavigate();
  const box = useRef<HTMLDivElement>(null);
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    box.current?.focus();
    const abort = new AbortController();
    let cancelLeave: (() => void) | undefined;
    void pollUntilFinal(() => api.status(cid, reservation), { signal: abort.signal }).then(
      (status) => {
        if (abort.signal.aborted) return;
        const { target, query } = outcomeFor(cid, reservation, status);
        const url = `${config.callbackBaseUrl}${target}?${query}`;
        if (!isExternal(url)) return navigate(url.slice(config.callbackBaseUrl.length));
        // The cid opens the application and its documents: it never goes to another origin
        // (issue 15 item 6, ADR 0803). The landing page gets the rest of the spec's payload.
        query.delete('cid');
        // Another website (the operator's or a partner's landing page): say so, leave after 400 ms.
        setLeaving(true);
        cancelLeave = leaveTo(`${config.callbackBaseUrl}${target}?${query}`);
      },
    );
    return () => {
      abort.abort();
      cancelLeave?.();
    };
  }, [api, cid, reservation, navigate, config.callbackBaseUrl]);
  const text = leaving
    ? ui.leaving
    : reservation
      ? ui.processing.reservation
      : ui.processing.contract;
  return (
    <div className="overlay">
      <div
        className="overlay__box"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="processing-text"
        tabIndex={-1}
        ref={box}
      >
        <div className="spinner" aria-hidden="true" />
        <p id="processing-text" role="status" aria-live="assertive">
          {text}
        </p>
      </div>
    </div>
  );
}
export default ProcessingOverlay;
