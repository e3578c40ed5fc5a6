import { useState, type FormEvent } from 'react';
import { staffApi } from './api';
import { pt } from './partnerTexts';

/**
 * Partners from a CSV file (ADR 1210): the file is read in the browser and checked and imported
 * by the server with the rules of `npm run import:partners` (ADR 1135): a bad line imports nothing
 * and its message (with the line) is shown on the file field.
 */
export function PartnerImport({ onImported }: { onImported(): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setStatus('');
    try {
      if (!file) throw new Error(pt.import.missing);
      const r = await staffApi<{ partners: number; subPartners: number }>('/partners/import', {
        csv: await file.text(),
      });
      setStatus(pt.import.done(r.partners, r.subPartners));
      onImported();
    } catch (err) {
      setError((err as Error).message);
      document.getElementById('partner-csv')?.focus();
    }
  };
  return (
    <>
      <h2 id="partner-import-title">{pt.import.title}</h2>
      <p>{pt.import.intro}</p>
      <form
        className="intern-form"
        aria-labelledby="partner-import-title"
        noValidate
        onSubmit={(e) => void submit(e)}
      >
        <label htmlFor="partner-csv">{pt.import.file}</label>
        <input
          id="partner-csv"
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'partner-csv-error' : undefined}
        />
        {error && (
          <p id="partner-csv-error" className="field-error">
            {error}
          </p>
        )}
        <button type="submit">{pt.import.submit}</button>
      </form>
      <p role="status" className="status">
        {status}
      </p>
    </>
  );
}
