import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { defaultFormModel } from '../../domain/model/defaults';
import type { FormModel } from '../../domain/model/schema';
import type { SubPartnerChoice } from '../../domain/flow/subPartners';
import {
  setField as setModelField,
  type FieldPath,
  type FieldValue,
} from '../../domain/model/paths';

/** What the browser remembers beyond the form model (all in memory; the URL carries cid). */
export interface Session {
  reservation: boolean;
  hasVmAndUvm: boolean;
  /** The partner lookup of vm_id found sub-partners: /uce follows /start (ADR 0701). */
  partnerHasSubPartners: boolean;
  /** The sub-partners that lookup returned with codes: /uce offers them as a choice (ADR 0835). */
  subPartners: SubPartnerChoice[];
  /** Spec §4: a captcha-completed flag is kept in memory. */
  captchaSolved: boolean;
  /** A captcha solution the server already accepted: never sent again (it is single-use). */
  captchaSpent: string | undefined;
  /** Counts the server's captcha rejections: each one resets the widget and focuses it. */
  captchaRejections: number;
  /** Server field errors to show on the step skip_to led to (a reservation without a deposit). */
  carriedErrors: { step: string; errors: Record<string, string> } | undefined;
  /** The model has been loaded for this cid (avoids a second load after our own navigation). */
  loadedCid: string | undefined;
  /** After a reservation the tenant chose 'Mit dem Antrag fortfahren'. */
  continuedAfterReservation: boolean;
}

interface ApplicationValue {
  model: FormModel;
  /** Text as typed for fields whose model value is parsed (amounts), so nothing typed is lost. */
  drafts: Partial<Record<FieldPath, string>>;
  session: Session;
  setField: <P extends FieldPath>(path: P, value: FieldValue<P>, draft?: string) => void;
  replaceModel: (model: FormModel) => void;
  updateModel: (fn: (m: FormModel) => FormModel) => void;
  setSession: (patch: Partial<Session>) => void;
}

const ApplicationContext = createContext<ApplicationValue | null>(null);

/**
 * One model for the whole visit: back, forward and edits never lose a value. `initialModel` lets
 * a test render a step for a given model (the app starts from the defaults and loads by cid).
 */
export function ApplicationProvider({
  children,
  initialModel,
}: {
  children: ReactNode;
  initialModel?: FormModel;
}) {
  const [model, setModel] = useState<FormModel>(() => initialModel ?? defaultFormModel());
  const [drafts, setDrafts] = useState<Partial<Record<FieldPath, string>>>({});
  const [session, setSessionState] = useState<Session>({
    reservation: false,
    hasVmAndUvm: false,
    partnerHasSubPartners: false,
    subPartners: [],
    captchaSolved: false,
    captchaSpent: undefined,
    captchaRejections: 0,
    carriedErrors: undefined,
    loadedCid: undefined,
    continuedAfterReservation: false,
  });
  const setField = useCallback(
    <P extends FieldPath>(path: P, value: FieldValue<P>, draft?: string) => {
      setModel((m) => setModelField(m, path, value));
      if (draft !== undefined) setDrafts((d) => ({ ...d, [path]: draft }));
    },
    [],
  );
  const replaceModel = useCallback((next: FormModel) => {
    setModel(next);
    setDrafts({});
  }, []);
  const setSession = useCallback(
    (patch: Partial<Session>) => setSessionState((s) => ({ ...s, ...patch })),
    [],
  );
  const value = useMemo(
    () => ({
      model,
      drafts,
      session,
      setField,
      replaceModel,
      updateModel: setModel,
      setSession,
    }),
    [model, drafts, session, setField, replaceModel, setSession],
  );
  return <ApplicationContext.Provider value={value}>{children}</ApplicationContext.Provider>;
}

export function useApplication(): ApplicationValue {
  const v = useContext(ApplicationContext);
  if (!v) throw new Error('useApplication outside <ApplicationProvider>');
  return v;
}
