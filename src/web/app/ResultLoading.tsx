import { ui } from '../text';
import { Spinner } from './Spinner';

/**
 * The result pages while their chunk and the state call are on the way: the page has its level-one
 * heading from the first paint (axe: page-has-heading-one), and `aria-busy` says the card is not
 * final yet. In the first chunk, so the route's Suspense fallback can show it too.
 */
export function ResultLoading({ reservation }: { reservation: boolean }) {
  return (
    <div className="card" aria-busy="true">
      <h1>{reservation ? ui.result.reservationLoadingTitle : ui.result.loadingTitle}</h1>
      <Spinner text={ui.technical.loading} />
    </div>
  );
}
