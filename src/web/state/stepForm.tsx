import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { refusedAttributionPaths, type AttributionPath } from '../../domain/flow/attribution';
import type { StepId } from '../../domain/flow/steps';
import { getField, type FieldPath, type FieldValue } from '../../domain/model/paths';
import { afterPress } from '../forms/afterPress';
import { useApplication } from './application';
import type { ValidationResult } from '../rules';

/**
 * The form state of one step: which fields were touched, which errors are visible, server errors.
 * Values live in the application model (so back/forward never lose them); rules come from the
 * domain through ../rules.
 */
interface StepFormValue {
  step: StepId;
  mask: readonly FieldPath[];
  /**
   * Partner-code fields the server refused although the step does not show them (a hidden code
   * from the link): they join the mask so the tenant sees the message and can correct the code.
   */
  refused: readonly AttributionPath[];
  /** Visible error message of a field (after blur, or after a forward attempt). */
  error: (path: FieldPath) => string | undefined;
  /** The model's value of a field (the domain's getField: typed by the path). */
  value: <P extends FieldPath>(path: P) => FieldValue<P>;
  draft: (path: FieldPath) => string | undefined;
  set: <P extends FieldPath>(path: P, value: FieldValue<P>, draft?: string) => void;
  blur: (path: FieldPath) => void;
  /** Every current error, in mask order (for the summary after a forward attempt). */
  visibleErrors: { path: FieldPath; message: string }[];
  /** Any current rule or server error, shown or not (forward is blocked while true). */
  hasErrors: boolean;
  showAll: () => void;
  setServerErrors: (errors: Record<string, string>) => void;
  attempt: number;
  /** Presses forward (used by /uce's auto-advance); the frame keeps forwardRef current. */
  forward: () => void;
  /** The frame registers its forward action here after each render. */
  setForward: (fn: () => void) => void;
}

const StepFormContext = createContext<StepFormValue | null>(null);

export function StepFormProvider({
  step,
  validation,
  children,
}: {
  step: StepId;
  validation: ValidationResult;
  children: ReactNode;
}) {
  const app = useApplication();
  // Errors another step's forward found for this one (it led the tenant here): shown at once.
  const [carried] = useState(() =>
    app.session.carriedErrors?.step === step ? app.session.carriedErrors.errors : undefined,
  );
  const { setSession } = app;
  useEffect(() => {
    if (carried) setSession({ carriedErrors: undefined });
  }, [carried, setSession]);
  const [touched, setTouched] = useState<Set<FieldPath>>(() => new Set());
  const [forced, setForced] = useState(!!carried);
  const [attempt, setAttempt] = useState(carried ? 1 : 0);
  const [serverErrors, setServerErrorsState] = useState<Record<string, string>>(
    () => carried ?? {},
  );
  const forwardRef = useRef<(() => void) | undefined>(undefined);
  const [refused, setRefused] = useState<readonly AttributionPath[]>([]);

  const { errors } = validation;
  const mask = useMemo(
    (): readonly FieldPath[] =>
      refused.length ? [...validation.mask, ...refused] : validation.mask,
    [validation.mask, refused],
  );
  const error = useCallback(
    (path: FieldPath) => {
      if (!mask.includes(path)) return undefined;
      // A server error stays until the field is edited; then the local rules take over.
      if (serverErrors[path]) return serverErrors[path];
      return forced || touched.has(path) ? errors[path] : undefined;
    },
    [mask, errors, serverErrors, forced, touched],
  );
  const set = useCallback(
    <P extends FieldPath>(path: P, value: FieldValue<P>, draft?: string) => {
      app.setField(path, value, draft);
      setServerErrorsState((s) => {
        if (!(path in s)) return s;
        const next = { ...s };
        delete next[path];
        return next;
      });
    },
    [app],
  );
  const blur = useCallback((path: FieldPath) => {
    // The message appears after a press's click, never under the pointer (forms/afterPress.ts).
    afterPress(() => setTouched((t) => (t.has(path) ? t : new Set(t).add(path))));
  }, []);
  const showAll = useCallback(() => {
    setForced(true);
    setAttempt((a) => a + 1);
  }, []);
  const setServerErrors = useCallback(
    (e: Record<string, string>) => {
      const more = refusedAttributionPaths(e, validation.mask);
      if (more.length) setRefused((r) => [...new Set([...r, ...more])]);
      setServerErrorsState(e);
      setForced(true);
      setAttempt((a) => a + 1);
    },
    [validation.mask],
  );
  const visibleErrors = useMemo(
    () =>
      mask
        .map((path) => ({ path, message: error(path) }))
        .filter((e): e is { path: FieldPath; message: string } => !!e.message),
    [mask, error],
  );
  const value = useMemo(
    () => ({
      step,
      mask,
      refused,
      error,
      value: <P extends FieldPath>(path: P) => getField(app.model, path),
      draft: (path: FieldPath) => app.drafts[path],
      set,
      blur,
      visibleErrors,
      hasErrors: mask.some((p) => p in errors || p in serverErrors),
      showAll,
      setServerErrors,
      attempt,
      forward: () => forwardRef.current?.(),
      setForward: (fn: () => void) => {
        forwardRef.current = fn;
      },
    }),
    [
      step,
      mask,
      refused,
      errors,
      serverErrors,
      error,
      app.model,
      app.drafts,
      set,
      blur,
      visibleErrors,
      showAll,
      setServerErrors,
      attempt,
    ],
  );
  return <StepFormContext.Provider value={value}>{children}</StepFormContext.Provider>;
}

export function useStepForm(): StepFormValue {
  const v = useContext(StepFormContext);
  if (!v) throw new Error('useStepForm outside <StepFormProvider>');
  return v;
}
