import type { FieldPath } from '../model/paths';
import { mapFields } from '../fields/fields';
import { groupLabels } from '../fields/registry';

/**
 * The German label of every field, from the field registry, and of the groups that have a legend
 * (the web uses these for <label>, the check page, summaries).
 */
export const fieldLabels: Record<FieldPath, string> & Record<string, string> = {
  ...mapFields((def) => def.label),
  ...groupLabels,
};
