// The one door to the domain catalogue (src/domain/messages): the web app keeps no German text
// of its own. Typed imports mean a missing text is a compile error, never a raw key on screen.
// Module paths (not the domain index) keep the country list out of the first chunk.
export { ui } from '../domain/messages/ui';
export { formatEuro, formatCents } from '../domain/messages/format';
export { globalAppendix } from '../domain/messages/errors';
export {
  fieldMessage as errorMessage,
  fieldLabel as labelOf,
  errorKeysMessages as errorPagesMessages,
} from '../domain/messages/de';

import { ui as catalogue } from '../domain/messages/ui';

/** Labels of the choices of an enum field, from the catalogue's options (by the field's name). */
export function optionLabels(path: string): Readonly<Record<string, string>> {
  const name = path.split('.').pop() ?? '';
  const all = catalogue.options as unknown as Record<string, Record<string, string> | undefined>;
  if (name === 'preisboerse_time') return catalogue.options.preisboerseTime;
  return all[name] ?? {};
}
