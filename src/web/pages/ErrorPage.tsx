import { useEffect } from 'react';
import { useQuery } from '../app/router';
import { useI18n } from '../i18n/I18n';
import { errorPageMessage, ui } from '../text';

/** Spec §2/§8: keys is a comma list of lowercase error keys, each shown under an exclamation icon. */
export default function ErrorPage() {
  const { lookup } = useI18n();
  const keys = (useQuery().get('keys') ?? '')
    .split(',')
    .map((k) => k.trim().toLowerCase())
    .filter(Boolean);
  const shown = keys.length ? keys : ['unknown'];
  useEffect(() => {
    document.title = `${ui.errorPage.title} – ${ui.appTitle}`;
  }, []);
  return (
    <div className="card">
      <h1>{ui.errorPage.title}</h1>
      {shown.map((key) => (
        <div className="notice notice--error" key={key}>
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
          {/* Looked up as 'error.{key}' in the translation file; the domain catalogue backs it. */}
          <p>{lookup(`error.${key}`) ?? errorPageMessage(key)}</p>
        </div>
      ))}
    </div>
  );
}
