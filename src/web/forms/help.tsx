import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { request } from '../api/http';
import { useServices } from '../app/services';
import { labelOf, ui } from '../text';

interface HelpText {
  title: string;
  paragraphs: string[];
}
const HelpContext = createContext<((path: string) => void) | null>(null);

/**
 * The help sidebar: content from /onlineantrag-sidebar/{name} on the configured sidebar host
 * (our server by default). Opening moves focus to it; closing returns focus to the button.
 */
export function HelpProvider({ children }: { children: ReactNode }) {
  const { config } = useServices();
  const [open, setOpen] = useState<{ path: string; text?: HelpText; failed?: boolean }>();
  const opener = useRef<HTMLElement | null>(null);
  const panel = useRef<HTMLElement>(null);
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
  return (
    <HelpContext.Provider value={show}>
      <div className={open ? 'layout layout--help' : 'layout'}>
        <div>{children}</div>
        {open ? (
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
        ) : null}
      </div>
    </HelpContext.Provider>
  );
}

/** The small help button beside a label; its accessible name includes the field's label. */
export function HelpButton({ path }: { path: string }) {
  const show = useContext(HelpContext);
  if (!show) return null;
  return (
    <button type="button" className="help-button" onClick={() => show(path)}>
      ?
      <span className="visually-hidden">
        {' '}
        {ui.buttons.help}: {labelOf(path)}
      </span>
    </button>
  );
}
