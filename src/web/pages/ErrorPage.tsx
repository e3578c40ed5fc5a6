import { useEffect } from 'react';
import { useQuery } from '../app/router';
import { useI18n } from '../i18n/I18n';
import { errorPagesMessages, ui } from '../text';

/** Spec §2/§8: keys is a comma list of lowercase error keys, each shown under an exclamation icon. */
export default function ErrorPage() {
  const { lookup } = useI18n();
  // Each key is looked up as 'error.{key}' in the translation file first; the domain backs it.
  const messages = errorPagesMessages(useQuery().get('keys'), (key) => lookup(`error.${key}`));
  useEffect(() => {
    document.title = `${ui.errorPage.title} – ${ui.appTitle}`;
  }, []);
  return (
    <div className="card">
      <h1>{ui.errorPage.title}</h1>
      {messages.map((message) => (
        <div className="notice notice--error" key={message}>
          <svg
            className="notice__icon"
            viewBox="0 0 24 24"
            role="img"
            aria-label={ui.errorPage.iconLabel}
          >
            <circle cx="12" cy="12" r="11" fill="#b00020" />
            <rect x="10.75" y="5" width="2.5" height="9" rx="1" fill="#fff" />
            <circle cx="12" cy="17.5" r="1.5" fill="#fff" />
          </svg>
          <p>{message}</p>
        </div>
      ))}
    </div>
  );
}
