import * as z from 'zod/mini';
import { errorAnswer } from '../http/answers';
import { edgeMeta } from '../http/edge';
import { staffApiErrors, type StaffApiErrorCode } from '../texts/staff';

// Pieces the staff routes declare alike (ADR 1306; the guard's answers are in answers.ts): the
// back office's form values, which the routes read leniently as they did before they were declared: a value that
// is no text counts as empty, and texts are trimmed.

/** A staff refusal's answer description: its codes and when. */
export const refusals = (codes: readonly StaffApiErrorCode[], when: string) =>
  errorAnswer(`${codes.join(', ')}: ${when}`);

const trimmed = z.pipe(
  z.optional(z.unknown()),
  z.transform((v) => (typeof v === 'string' ? v.trim() : '')),
);

/** A body text, trimmed; anything but a text reads as ''. */
export const formText = (description: string) =>
  z.optional(trimmed).register(edgeMeta, { description });

/** A body text that must not be empty (trimmed); otherwise 400 with `code`'s staff sentence. */
export const requiredFormText = (description: string, code: StaffApiErrorCode) =>
  z
    .pipe(trimmed, z.string().check(z.minLength(1)))
    .register(edgeMeta, { description, code, message: staffApiErrors[code] });

/** A body text (trimmed) that must be one of `values`; otherwise 400 with `code`'s staff sentence. */
export const formOneOf = <const V extends readonly [string, ...string[]]>(
  values: V,
  description: string,
  code: StaffApiErrorCode,
) =>
  z
    .pipe(trimmed, z.enum(values))
    .register(edgeMeta, { description, code, message: staffApiErrors[code] });

/** A body text (trimmed) that must match `pattern`; otherwise 400 with `code`'s staff sentence. */
export const formMatching = (description: string, pattern: RegExp, code: StaffApiErrorCode) =>
  z
    .pipe(trimmed, z.string().check(z.regex(pattern)))
    .register(edgeMeta, { description, code, message: staffApiErrors[code] });
