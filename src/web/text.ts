// The one door to the domain catalogue (src/domain/messages): the web app keeps no German text
// of its own. Typed imports mean a missing text is a compile error, never a raw key on screen.
import { fieldLabels } from '../domain/messages/fieldLabels';
import {
  codeMessages,
  errorKeyMessages,
  fieldErrorMessages,
  maxLengthMessage,
} from '../domain/messages/errors';
import { maxLengths } from '../domain/rules/maxLengths';
import type { ErrorCode } from '../domain/rules/codes';

export { ui, formatEuro } from '../domain/messages/ui';
export { globalAppendix, errorKeyMessages } from '../domain/messages/errors';
export { fieldLabels };

export const labelOf = (path: string): string => fieldLabels[path] ?? path;

/** The German sentence for a field's error code (field sentence, else the code's default). */
export function errorMessage(path: string, code: string): string {
  if (code === 'maxLength') {
    const n = (maxLengths as Record<string, number | undefined>)[path];
    if (n) return maxLengthMessage(n);
  }
  return (
    fieldErrorMessages[path]?.[code as ErrorCode] ??
    codeMessages[code as ErrorCode] ??
    // A server message that is already a sentence (not a code) is shown as it came.
    code
  );
}

export function errorPageMessage(key: string): string {
  return errorKeyMessages[key] ?? (errorKeyMessages.unknown as string);
}
