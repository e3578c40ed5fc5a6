import { useState, type FormEvent } from 'react';
import type { PartnerDetailsView } from '../../domain/staff/partners';
import { staffApi, StaffApiError } from './api';
import { pt } from './partnerTexts';

type Field = 'name' | 'contactName' | 'contactEmail';

/**
 * A partner's name and contact, edited in place, and its deactivation (ADR 1210). The server's
 * refusal names the field; the message is tied to it and the field gets the focus.
 */
export function PartnerDetails({
  partner: p,
  reload,
}: {
  partner: PartnerDetailsView;
  reload(): void;
}) {
  const [values, setValues] = useState<Record<Field, string>>({
    name: p.name,
    contactName: p.contactName ?? '',
    contactEmail: p.contactEmail ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState('');
  const id = (f: string) => `partner-${p.code}-${f}`;
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setStatus('');
    setErrors({});
    try {
      await staffApi(`/partners/${encodeURIComponent(p.code)}`, values, 'PUT');
      setStatus(pt.details.saved);
      reload();
    } catch (err) {
      const field = (err instanceof StaffApiError && (err.field as Field)) || 'name';
      setErrors({ [field]: (err as Error).message });
      document.getElementById(id(field))?.focus();
    }
  };
  const toggle = async () => {
    setStatus('');
    try {
      const path = p.active ? 'deactivate' : 'reactivate';
      await staffApi(`/partners/${encodeURIComponent(p.code)}/${path}`, {});
      setStatus(p.active ? pt.details.deactivated : pt.details.reactivated);
      reload();
    } catch (err) {
      setStatus((err as Error).message);
    }
  };
  const field = (f: Field, type = 'text') => (
    <>
      <label htmlFor={id(f)}>{pt.details[f]}</label>
      <input
        id={id(f)}
        type={type}
        autoComplete="off"
        value={values[f]}
        onChange={(e) => setValues({ ...values, [f]: e.target.value })}
        aria-invalid={errors[f] ? true : undefined}
        aria-describedby={errors[f] ? id(`${f}-error`) : undefined}
      />
      {errors[f] && (
        <p id={id(`${f}-error`)} className="field-error">
          {errors[f]}
        </p>
      )}
    </>
  );
  return (
    <>
      <h3>{pt.details.title}</h3>
      <form className="intern-form" noValidate onSubmit={(e) => void save(e)}>
        {field('name')}
        {field('contactName')}
        {field('contactEmail', 'email')}
        <button type="submit">
          {pt.details.save}
          <span className="visually-hidden"> ({p.code})</span>
        </button>
      </form>
      <p>
        {p.active ? pt.details.activeNote : pt.details.inactiveNote}{' '}
        <button type="button" onClick={() => void toggle()}>
          {p.active ? pt.details.deactivate : pt.details.reactivate}
          <span className="visually-hidden"> ({p.code})</span>
        </button>
      </p>
      <p role="status" className="status">
        {status}
      </p>
    </>
  );
}
