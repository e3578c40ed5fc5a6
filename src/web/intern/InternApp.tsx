import { StrictMode, useCallback, useEffect, useState } from 'react';
import type { Root } from 'react-dom/client';
import { staffApi } from './api';
import { Enrol, SignIn, type Me } from './auth';
import { CasePage, EndingsPage, LettersPage, Link, QueuePage, StartPage, type Go } from './pages';
import { MembersPage } from './MembersPage';
import { PartnersPage } from './PartnersPage';
import { RequestsPage } from './RequestsPage';
import { MoneyPage } from './MoneyPage';
import { ClaimPage, ClaimsPage } from './ClaimsPage';
import { ct } from './claimTexts';
import { mt } from './moneyTexts';
import { t } from './texts';
import './intern.css';

/** The back office's pages by path (its own tiny router; the tenant app's router is not loaded). */
function page(path: string, me: Me, go: Go) {
  const caseMatch = /^\/intern\/vorgang\/([^/]+)$/.exec(path);
  if (caseMatch) return <CasePage key={caseMatch[1]} id={decodeURIComponent(caseMatch[1]!)} />;
  const claimMatch = /^\/intern\/forderungen\/([^/]+)$/.exec(path);
  if (claimMatch)
    return (
      <ClaimPage key={claimMatch[1]} id={decodeURIComponent(claimMatch[1]!)} me={me} go={go} />
    );
  switch (path) {
    case '/intern/offen':
      return <QueuePage key="pending" queue="pending" go={go} />;
    case '/intern/abgelehnt':
      return <QueuePage key="declined" queue="declined" go={go} />;
    case '/intern/briefe':
      return <LettersPage />;
    case '/intern/beendet':
      return <EndingsPage me={me} go={go} />;
    case '/intern/zahlungsverkehr':
      return <MoneyPage me={me} />;
    case '/intern/forderungen':
      return <ClaimsPage go={go} />;
    case '/intern/mitarbeiter':
      return me.role === 'admin' ? <MembersPage me={me} /> : <StartPage me={me} go={go} />;
    case '/intern/partner':
      return me.role === 'admin' ? <PartnersPage /> : <StartPage me={me} go={go} />;
    case '/intern/anfragen':
      return <RequestsPage />;
    default:
      return <StartPage me={me} go={go} />;
  }
}

const navItems: [string, string][] = [
  ['/intern', t.nav.start],
  ['/intern/offen', t.nav.pending],
  ['/intern/abgelehnt', t.nav.declined],
  ['/intern/briefe', t.nav.letters],
  ['/intern/beendet', t.nav.endings],
  ['/intern/anfragen', t.nav.requests],
  ['/intern/zahlungsverkehr', mt.nav],
  ['/intern/forderungen', ct.nav],
];

function InternApp() {
  const [path, setPath] = useState(window.location.pathname);
  const [me, setMe] = useState<Me | null>();
  const loadMe = useCallback(() => {
    staffApi<Me>('/me').then(setMe, () => setMe(null));
  }, []);
  useEffect(loadMe, [loadMe]);
  useEffect(() => {
    const back = () => setPath(window.location.pathname);
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  }, []);
  useEffect(() => {
    document.title = `${t.brand}`;
  }, [path]);
  const go: Go = (to) => {
    window.history.pushState(null, '', to);
    setPath(to);
    // Focus the new page's content for screen readers and keyboard users.
    requestAnimationFrame(() => document.getElementById('intern-main')?.focus());
  };
  const signOut = async () => {
    await staffApi('/sign-out', {}).catch(() => undefined);
    setMe(null);
  };
  let content;
  if (path === '/intern/einladung')
    content = (
      <Enrol
        onSignedIn={() => {
          setPath('/intern');
          loadMe();
        }}
      />
    );
  else if (me === undefined) content = <div className="spinner" aria-hidden="true" />;
  else if (me === null) content = <SignIn onSignedIn={loadMe} />;
  else content = page(path, me, go);
  return (
    <>
      <a className="skip-link" href="#intern-main">
        Zum Inhalt springen
      </a>
      <header className="site-header intern-header">
        <span className="brand">{t.brand}</span>
        {me && (
          <nav aria-label={t.nav.label}>
            <ul>
              {[
                ...navItems,
                ...(me.role === 'admin'
                  ? ([
                      ['/intern/mitarbeiter', t.nav.members],
                      ['/intern/partner', t.nav.partners],
                    ] as [string, string][])
                  : []),
              ].map(([to, label]) => (
                <li key={to}>
                  <span aria-current={path === to ? 'page' : undefined}>
                    <Link to={to} go={go}>
                      {label}
                    </Link>
                  </span>
                </li>
              ))}
              <li>
                <button type="button" className="linklike" onClick={() => void signOut()}>
                  {t.nav.signOut}
                </button>
              </li>
            </ul>
          </nav>
        )}
      </header>
      <main id="intern-main" tabIndex={-1} className="intern-main">
        {content}
      </main>
    </>
  );
}

export function mountIntern(root: Root): void {
  root.render(
    <StrictMode>
      <InternApp />
    </StrictMode>,
  );
}
