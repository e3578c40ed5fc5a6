import { canJumpTo, navItems } from '../../domain/flow/navigation';
import type { StepId } from '../../domain/flow/steps';
import { useFlow } from '../state/flowContext';
import { ui } from '../text';

/**
 * Top navigation (spec §2): start hidden, hidden entirely in reservation mode. Earlier steps are
 * buttons that jump back; the current and later ones are plain text (never forward).
 */
export function TopNav({ current, onJump }: { current: StepId; onJump: (s: StepId) => void }) {
  const { list, reservation } = useFlow();
  const items = navItems(list, reservation);
  if (items.length === 0) return null;
  const currentIndex = list.indexOf(current);
  return (
    <nav className="steps-nav" aria-label={ui.nav.label}>
      <ol>
        {items.map((item) => {
          const isCurrent = item.step === current;
          const back = item.step !== undefined && canJumpTo(list, current, item.step);
          const done = item.step !== undefined && list.indexOf(item.step) < currentIndex;
          return (
            <li key={item.label} aria-current={isCurrent ? 'step' : undefined}>
              {back && item.step ? (
                <button
                  type="button"
                  className="linklike"
                  onClick={() => onJump(item.step as StepId)}
                >
                  {item.label}
                  <span className="visually-hidden"> {ui.nav.done}</span>
                </button>
              ) : (
                <>
                  {item.label}
                  {isCurrent ? <span className="visually-hidden"> {ui.nav.current}</span> : null}
                  {done ? <span className="visually-hidden"> {ui.nav.done}</span> : null}
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
