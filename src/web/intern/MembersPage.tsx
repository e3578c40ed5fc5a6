import { useState } from 'react';
import { staffApi } from './api';
import type { StaffMember } from '../../domain/staff/members';
import type { Me } from './auth';
import { useStaffData } from './useStaffData';
import { t } from './texts';

const roleLabel = (role: string) => t.members.roles[role as keyof typeof t.members.roles] ?? role;

/**
 * Staff management for admins (ADRs 1200, 1208): the members with role and state, a role change
 * and disabling (two steps; every session ends at once) or re-enabling per row, and the
 * invitation form. The server refuses leaving the back office without an active admin and says
 * so in German; that message is shown in the alert region.
 */
export function MembersPage({ me }: { me: Me }) {
  const [data, reload] = useStaffData<{ members: StaffMember[] }>('/members');
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const run = async (path: string, body: object, said: (m: StaffMember) => string) => {
    setError('');
    setDone('');
    try {
      const m = await staffApi<StaffMember>(path, body);
      setDone(said(m));
      reload();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <>
      <h1>{t.members.title}</h1>
      {data && (
        <div>
          <table className="members">
            <thead>
              <tr>
                <th scope="col">{t.members.name}</th>
                <th scope="col">{t.members.email}</th>
                <th scope="col">{t.members.role}</th>
                <th scope="col">{t.members.state}</th>
                <th scope="col">{t.members.actions}</th>
              </tr>
            </thead>
            <tbody>
              {data.members.map((m) => (
                <MemberRow key={m.id} m={m} self={m.email === me.email} run={run} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p role="alert" className="field-error">
        {error}
      </p>
      <p role="status">{done}</p>
      <InviteForm onInvited={reload} />
    </>
  );
}

function MemberRow({
  m,
  self,
  run,
}: {
  m: StaffMember;
  self: boolean;
  run(path: string, body: object, said: (m: StaffMember) => string): Promise<void>;
}) {
  const [role, setRole] = useState<string>(m.role);
  const [confirming, setConfirming] = useState(false);
  const id = `role-${m.id}`;
  return (
    <tr data-member={m.email} className={m.disabled ? 'disabled' : undefined}>
      <td>
        {m.displayName} {self && t.members.you}
      </td>
      <td className="wrap">{m.email}</td>
      <td>
        <label htmlFor={id} className="visually-hidden">
          {t.members.roleOf(m.displayName)}
        </label>
        <select id={id} value={role} onChange={(e) => setRole(e.target.value)}>
          {Object.entries(t.members.roles).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>{' '}
        <button
          type="button"
          disabled={role === m.role}
          onClick={() =>
            void run(`/members/${m.id}/role`, { role }, (r) =>
              t.members.roleChanged(r.displayName, roleLabel(r.role)),
            )
          }
        >
          {t.members.changeRole}
          <span className="visually-hidden"> ({m.displayName})</span>
        </button>
      </td>
      <td>{m.disabled ? t.members.disabled : t.members.active}</td>
      <td>
        {m.disabled ? (
          <button
            type="button"
            onClick={() =>
              void run(`/members/${m.id}/enable`, {}, (r) => t.members.enabledDone(r.displayName))
            }
          >
            {t.members.enable}
            <span className="visually-hidden"> ({m.displayName})</span>
          </button>
        ) : confirming ? (
          <div role="group" aria-label={t.members.disable}>
            <p>{t.members.confirmDisable(m.displayName)}</p>
            <button
              type="button"
              className="danger"
              autoFocus
              onClick={() => {
                setConfirming(false);
                void run(`/members/${m.id}/disable`, {}, (r) =>
                  t.members.disabledDone(r.displayName),
                );
              }}
            >
              {t.members.confirm}
            </button>{' '}
            <button type="button" onClick={() => setConfirming(false)}>
              {t.members.cancel}
            </button>
          </div>
        ) : (
          <button type="button" onClick={() => setConfirming(true)}>
            {t.members.disable}
            <span className="visually-hidden"> ({m.displayName})</span>
          </button>
        )}
      </td>
    </tr>
  );
}

function InviteForm({ onInvited }: { onInvited(): void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState('staff');
  const [link, setLink] = useState('');
  const [error, setError] = useState('');
  const invite = async (e: React.FormEvent) => {
    e.preventDefault();
    setError('');
    setLink('');
    try {
      const r = await staffApi<{ enrolmentUrl: string }>('/members', {
        email,
        displayName: name,
        role,
      });
      setLink(r.enrolmentUrl);
      setEmail('');
      setName('');
      onInvited();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <>
      <h2>{t.members.invite}</h2>
      <form className="intern-form" onSubmit={(e) => void invite(e)}>
        <label htmlFor="member-email">{t.members.email}</label>
        <input
          id="member-email"
          type="email"
          autoComplete="off"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <label htmlFor="member-name">{t.members.name}</label>
        <input id="member-name" required value={name} onChange={(e) => setName(e.target.value)} />
        <label htmlFor="member-role">{t.members.role}</label>
        <select id="member-role" value={role} onChange={(e) => setRole(e.target.value)}>
          {Object.entries(t.members.roles).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <button type="submit">{t.members.submit}</button>
      </form>
      <p role="alert" className="field-error">
        {error}
      </p>
      <div role="status">
        {link && (
          <p>
            {t.members.link} <code className="link">{link}</code>
          </p>
        )}
      </div>
    </>
  );
}
