import type { FieldPath } from '../model/paths';
import { pickFields } from '../fields/fields';

// Field -> maximum length, from the `max` of each registry entry (spec §5 lists N = 5, 22, 25, 30,
// 34, 50, 60, 255 without the fields; the mapping is ours, generated into docs/domain-rules.md).
export const maxLengths: Partial<Record<FieldPath, number>> = pickFields((def) => def.max);
