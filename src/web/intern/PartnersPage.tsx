import { useState, type FormEvent } from 'react';
import { staffApi } from './api';
import type { StaffPartner } from '../../domain/staff/partners';
import { PartnerCard } from './PartnerCard';
import { PartnerImport } from './PartnerImport';
import { useStaffData } from './useStaffData';
import { pt } from './partnerTexts';

type Field = 'code' | 'name';

/** Admins: the partners, each with keys, webhook and delivery log; and a form to add one. */
export function PartnersPage() {
  const [data, reload] = useStaffData<{ partners: StaffPartner[] }>('/partners');
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState('');
  const create = async (e: FormEvent) => {
    e.preventDefault();
    setStatus('');
    const found: Partial<Record<Field, string>> = {};
    if (!code.trim()) found.code = pt.partners.codeMissing;
    if (!name.trim()) found.name = pt.partners.nameMissing;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(found.code ? 'partner-code' : 'partner-name')?.focus();
      return;
    }
    try {
      await staffApi('/partners', { code: code.trim(), name: name.trim() });
      setStatus(pt.partners.created(code.trim()));
      setCode('');
      setName('');
      reload();
    } catch (err) {
      // The server refuses only the code (malformed or taken); the name is kept as entered.
      setErrors({ code: (err as Error).message });
      document.getElementById('partner-code')?.focus();
    }
  };
  const fieldProps = (f: Field) => ({
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': errors[f] ? `partner-${f}-error` : undefined,
  });
  return (
    <>
      <h1>{pt.partners.title}</h1>
      <p>{pt.partners.intro}</p>
      {data && data.partners.length === 0 && <p>{pt.partners.none}</p>}
      {data?.partners.map((p) => (
        <PartnerCard key={p.code} partner={p} reload={reload} />
      ))}
      <h2 id="partner-create-title">{pt.partners.create}</h2>
      <form
        className="intern-form"
        aria-labelledby="partner-create-title"
        noValidate
        onSubmit={(e) => void create(e)}
      >
        <label htmlFor="partner-code">
          {pt.partners.code} <span className="hint">({pt.partners.codeHint})</span>
        </label>
        <input
          id="partner-code"
          autoComplete="off"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          {...fieldProps('code')}
        />
        {errors.code && (
          <p id="partner-code-error" className="field-error">
            {errors.code}
          </p>
        )}
        <label htmlFor="partner-name">{pt.partners.name}</label>
        <input
          id="partner-name"
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.target.value)}
          {...fieldProps('name')}
        />
        {errors.name && (
          <p id="partner-name-error" className="field-error">
            {errors.name}
          </p>
        )}
        <button type="submit">{pt.partners.submit}</button>
      </form>
      <p role="status" className="status">
        {status}
      </p>
      <PartnerImport onImported={reload} />
    </>
  );
}
