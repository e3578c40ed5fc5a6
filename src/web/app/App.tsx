import { Suspense, useEffect, type ComponentType } from 'react';
import { resolveStep } from '../../domain/flow/navigation';
import { stepByRoute, steps, type StepId } from '../../domain/flow/steps';
import { ui } from '../text';
import { useFlow } from '../state/flowContext';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';
import { lazyRoute } from './lazyRoute';
import { useLocation, useNavigate } from './router';
import { Spinner } from './Spinner';
import { StepPage, type StepBodyProps } from './StepPage';
import { useServices } from './services';
import { usePrefill } from './usePrefill';
import { HelpProvider } from '../forms/help';
import { legalSlugOfPath, type LegalSlug } from '../../domain/legal/slugs';
import { chatAllowedOn } from '../../domain/legal/chatPages';
import { Footer } from './Footer';
import { PageLoading } from './PageLoading';
import { ResultLoading } from './ResultLoading';

/** One lazy chunk per step body and page (ADR 0303: the first step stays under 100 KB gzip). */
const bodies: Record<StepId, ComponentType<StepBodyProps>> = {
  start: lazyRoute(() => import('../steps/StartStep')),
  uce: lazyRoute(() => import('../steps/UceStep')),
  tenant: lazyRoute(() => import('../steps/TenantStep')),
  landlord: lazyRoute(() => import('../steps/LandlordStep')),
  object: lazyRoute(() => import('../steps/ObjectStep')),
  payment: lazyRoute(() => import('../steps/PaymentStep')),
  selling: lazyRoute(() => import('../steps/SellingStep')),
  check: lazyRoute(() => import('../steps/CheckStep')),
};
const ErrorPage = lazyRoute(() => import('../pages/ErrorPage'));
const CallbackPage = lazyRoute(() => import('../pages/CallbackPage'));
const WithdrawalPage = lazyRoute(() => import('../pages/contracts/WithdrawalPage'));
const ContractPage = lazyRoute(() => import('../pages/contracts/ContractPage'));
const VerifyPage = lazyRoute(() => import('../pages/contracts/VerifyPage'));
const LegalPage = lazyRoute<{ slug: LegalSlug }>(() => import('../pages/LegalPage'));

function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
}

function Routes() {
  const { pathname, search } = useLocation();
  const { list } = useFlow();
  if (pathname === '/error') return <ErrorPage />;
  if (pathname === '/widerruf') return <WithdrawalPage />;
  if (pathname === '/vertrag') return <ContractPage />;
  if (/^\/pruefen\/[^/]+$/.test(pathname)) return <VerifyPage />;
  if (pathname === '/callback/danke' || pathname === '/callback/sofortzusage')
    return (
      <Suspense fallback={<ResultLoading reservation={pathname === '/callback/sofortzusage'} />}>
        <CallbackPage />
      </Suspense>
    );
  const legal = legalSlugOfPath(pathname);
  if (legal) return <LegalPage slug={legal} />;
  const requested = stepByRoute(pathname);
  const step = resolveStep(list, requested);
  // '/' and step routes outside the configured list go to the first step (query kept).
  if (requested !== step) return <Redirect to={`${routeOf(step)}${search}`} />;
  return <StepPage step={step} Body={bodies[step]} />;
}

const routeOf = (s: StepId) => steps[s].route;

/**
 * This document has been on a page with personal data or a cid: the chat never loads in it
 * (ADR 1133). Set for the first page that is not a chat page, never cleared.
 */
let documentSawData = false;
/** The chat script was loaded into this document. */
let chatLoaded = false;

export function App() {
  const { config } = useServices();
  const { pathname } = useLocation();
  usePrefill();
  const allowed = chatAllowedOn(pathname);
  useEffect(() => {
    if (allowed) return;
    documentSawData = true;
    // Leaving the chat's pages: a fresh document without the third-party script (ADR 1133).
    if (chatLoaded) window.location.reload();
  }, [allowed]);
  useEffect(() => {
    if (!config.chat) return; // nothing is loaded when no chat is configured
    if (!allowed || documentSawData) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./chat').then((m) => {
      if (cancelled) return;
      chatLoaded = true;
      stop = m.startChat(config.chat);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [config.chat, allowed]);
  return (
    <>
      <header className="site-header">
        <span className="brand">{ui.appTitle}</span>
      </header>
      <main id="main" tabIndex={-1}>
        <ChunkErrorBoundary
          fallback={(reload) => (
            <div className="card" role="alert">
              <h1>{ui.errorPage.title}</h1>
              <p>{ui.technical.chunkLoadError}</p>
              <button type="button" className="button" onClick={reload}>
                {ui.technical.chunkLoadButton}
              </button>
            </div>
          )}
        >
          <Suspense
            fallback={
              <PageLoading>
                <Spinner text={ui.technical.loading} />
              </PageLoading>
            }
          >
            <HelpProvider>
              <Routes />
            </HelpProvider>
          </Suspense>
        </ChunkErrorBoundary>
      </main>
      <Footer />
    </>
  );
}
