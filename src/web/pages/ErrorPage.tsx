import { useEffect } from 'react';
import { useQuery } from '../app/router';
import { useI18n } from '../i18n/I18n';
import { errorKey, ui } from '../i18n/keys';

/** Spec §2/§8: keys is a comma list of lowercase error keys, each shown under an exclamation icon. */
export default function ErrorPage() {
  const { t, has } = useI18n();
  const keys = (useQuery().get('keys') ?? 'unknown')
    .split(',')
    .map((k) => k.trim().toLowerCase())
    .filter(Boolean);
  const shown = keys.length ? keys : ['unknown'];
  useEffect(() => {
    document.title = `${t(ui.errorPageTitle)} – ${t(ui.appTitle)}`;
  }, [t]);
  return (
    <div className="card">
      <h1>{t(ui.errorPageTitle)}</h1>
      {shown.map((key) => (
        <div className="notice notice--error" key={key}>
          <svg className="notice__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="11" fill="#b00020" />
            <rect x="10.75" y="5" width="2.5" height="9" rx="1" fill="#fff" />
            <circle cx="12" cy="17.5" r="1.5" fill="#fff" />
          </svg>
          <p>{t(errorKey(has(errorKey(key)) ? key : 'unknown'))}</p>
        </div>
      ))}
    </div>
  );
}
