import { useEffect, useRef } from 'react';
import { ui } from '../text';
import { useNavigate } from './router';
import { useServices } from './services';
import { outcomeFor, pollUntilFinal } from './polling';

/**
 * The processing overlay after the final submission: spinner and the spec's text, announced to
 * screen readers (role=alertdialog takes focus), then the redirect of spec §4 with its payload.
 */
export function ProcessingOverlay({ cid, reservation }: { cid: string; reservation: boolean }) {
  const { api } = useServices();
  const navigate = useNavigate();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
    const abort = new AbortController();
    void pollUntilFinal(() => api.status(cid, reservation), { signal: abort.signal }).then(
      (status) => {
        if (abort.signal.aborted) return;
        const { target, query } = outcomeFor(cid, reservation, status);
        navigate(`${target}?${query}`);
      },
    );
    return () => abort.abort();
  }, [api, cid, reservation, navigate]);
  const text = reservation ? ui.processing.reservation : ui.processing.contract;
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
