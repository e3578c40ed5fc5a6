import { canJumpTo, navItems } from '../../domain/flow/navigation';
import type { StepId } from '../../domain/flow/steps';
import { useFlow } from '../state/flowContext';

/**
 * Top navigation (spec §2): start hidden, hidden entirely in reservation mode. Earlier steps are
 * buttons that jump back; the current and later ones are plain text (never forward).
 */
export function TopNav({
  current,
  label,
  onJump,
}: {
  current: StepId;
  label: string;
  onJump: (s: StepId) => void;
}) {
  const { list, reservation } = useFlow();
  const items = navItems(list, reservation);
  if (items.length === 0) return null;
  return (
    <nav className="steps-nav" aria-label={label}>
      <ol>
        {items.map((item) => {
          const isCurrent = item.step === current;
          const back = item.step !== undefined && canJumpTo(list, current, item.step);
          return (
            <li key={item.label} aria-current={isCurrent ? 'step' : undefined}>
              {back && item.step ? (
                <button
                  type="button"
                  className="linklike"
                  onClick={() => onJump(item.step as StepId)}
                >
                  {item.label}
                </button>
              ) : (
                item.label
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
