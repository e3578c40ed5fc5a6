import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

/**
 * A tiny history router (ADR 0301): the app needs only path + query, push/replace and links.
 * react-router would cost ~15 KB gzip of the 100 KB first-step budget for features we don't use.
 */
export interface Location {
  pathname: string;
  search: string;
}
interface RouterValue {
  location: Location;
  navigate: (to: string, opts?: { replace?: boolean }) => void;
}

const RouterContext = createContext<RouterValue | null>(null);

/**
 * The location the app sees. With `hideCid` the address bar never shows the cid: it lives in the
 * history entry's state (kept across reloads and back/forward) and is added back here, so the
 * rest of the app reads `?cid=` as always (issue 15 item 6: a chat script must not read it).
 */
function current(hideCid: boolean): Location {
  const { pathname, search } = window.location;
  const hidden = (window.history.state as { cid?: unknown } | null)?.cid;
  if (!hideCid || typeof hidden !== 'string') return { pathname, search };
  const q = new URLSearchParams(search);
  if (!q.has('cid')) q.set('cid', hidden);
  return { pathname, search: `?${q}` };
}

/** Splits a URL into the address bar's part (without cid) and the cid, when hiding it. */
function split(url: URL, hideCid: boolean): { target: string; cid: string | null } {
  const cid = hideCid ? url.searchParams.get('cid') : null;
  if (cid !== null) url.searchParams.delete('cid');
  return { target: url.pathname + url.search + url.hash, cid };
}

export function Router({ children, hideCid = false }: { children: ReactNode; hideCid?: boolean }) {
  const [location, setLocation] = useState<Location>(() => {
    // A link that arrives with a cid (e-mail, reload before hiding): out of the address bar at once.
    const { target, cid } = split(new URL(window.location.href), hideCid);
    if (cid !== null) window.history.replaceState({ cid }, '', target);
    return current(hideCid);
  });
  useEffect(() => {
    const onPop = () => setLocation(current(hideCid));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [hideCid]);
  const navigate = useCallback(
    (to: string, opts?: { replace?: boolean }) => {
      const { target, cid } = split(new URL(to, window.location.href), hideCid);
      const state = cid !== null ? { cid } : null;
      if (opts?.replace) window.history.replaceState(state, '', target);
      else window.history.pushState(state, '', target);
      setLocation(current(hideCid));
      if (!opts?.replace) window.scrollTo(0, 0);
    },
    [hideCid],
  );
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('useRouter outside <Router>');
  return value;
}

export const useLocation = () => useRouter().location;
export const useNavigate = () => useRouter().navigate;
export function useQuery(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** An anchor that navigates in the app for plain left clicks and behaves natively otherwise. */
export function Link({ to, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    rest.onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)
      return;
    e.preventDefault();
    navigate(to);
  };
  return <a href={to} {...rest} onClick={onClick} />;
}
