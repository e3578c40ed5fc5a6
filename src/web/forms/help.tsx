import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { request } from '../api/http';
import { useServices } from '../app/services';
import { labelOf, ui } from '../text';

interface HelpText {
  title: string;
  paragraphs: string[];
}
interface OpenHelp {
  path: string;
  text?: HelpText;
  failed?: boolean;
}
interface HelpValue {
  show: (path: string) => void;
  open: OpenHelp | undefined;
  /** A wide screen shows the panel as a sidebar; a phone right under the field's label. */
  wide: boolean;
  close: () => void;
  panel: RefObject<HTMLElement | null>;
}
const HelpContext = createContext<HelpValue | null>(null);

/** Where the sidebar fits beside the form (styles.css, .layout--help). */
const WIDE = '(min-width: 64rem)';

function useWide(): boolean {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE).matches);
  useEffect(() => {
    const mq = window.matchMedia(WIDE);
    const on = () => setWide(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return wide;
}

function HelpPanel({ value }: { value: HelpValue }) {
  const { open, close, panel } = value;
  if (!open) return null;
  return (
    <aside
      className="sidebar"
      aria-labelledby="help-title"
      tabIndex={-1}
      ref={panel}
      onKeyDown={(e) => e.key === 'Escape' && close()}
    >
      <h2 id="help-title">{open.text?.title ?? labelOf(open.path)}</h2>
      {open.text ? (
        open.text.paragraphs.map((p, i) => <p key={i}>{p}</p>)
      ) : open.failed ? (
        <p>{ui.technical.networkError}</p>
      ) : (
        <p role="status">{ui.technical.loading}</p>
      )}
      <button type="button" className="button button--secondary" onClick={close}>
        {ui.buttons.closeHelp}
      </button>
    </aside>
  );
}

/**
 * The help sidebar: content from /onlineantrag-sidebar/{name} on the configured sidebar host
 * (our server by default). Opening moves focus to it; closing returns focus to the button. On a
 * phone the panel opens under the field's label instead of after the whole form.
 */
export function HelpProvider({ children }: { children: ReactNode }) {
  const { config } = useServices();
  const [open, setOpen] = useState<OpenHelp>();
  const opener = useRef<HTMLElement | null>(null);
  const panel = useRef<HTMLElement>(null);
  const wide = useWide();
  const show = (path: string) => {
    opener.current = document.activeElement as HTMLElement | null;
    setOpen({ path });
    request<HelpText>(config.sidebarHost, `/onlineantrag-sidebar/${encodeURIComponent(path)}`).then(
      ({ data }) => setOpen((o) => (o?.path === path ? { path, text: data } : o)),
      () => setOpen((o) => (o?.path === path ? { path, failed: true } : o)),
    );
  };
  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open?.path]); // eslint-disable-line react-hooks/exhaustive-deps
  const close = () => {
    setOpen(undefined);
    opener.current?.focus();
  };
  const value: HelpValue = { show, open, wide, close, panel };
  return (
    <HelpContext.Provider value={value}>
      <div className={open && wide ? 'layout layout--help' : 'layout'}>
        <div>{children}</div>
        {wide ? <HelpPanel value={value} /> : null}
      </div>
    </HelpContext.Provider>
  );
}

/** The small help button beside a label; its accessible name includes the field's label. */
export function HelpButton({ path }: { path: string }) {
  const help = useContext(HelpContext);
  if (!help) return null;
  return (
    <button
      type="button"
      className="help-button"
      aria-expanded={help.open?.path === path}
      onClick={() => help.show(path)}
    >
      ?
      <span className="visually-hidden">
        {' '}
        {ui.buttons.help}: {labelOf(path)}
      </span>
    </button>
  );
}

/** On a phone, the open help panel of this field, placed right after the field's control. */
export function HelpInline({ path }: { path: string }) {
  const help = useContext(HelpContext);
  if (!help || help.wide || help.open?.path !== path) return null;
  return (
    <div className="help-inline">
      <HelpPanel value={help} />
    </div>
  );
}
