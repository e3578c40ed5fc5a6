import { newApiWire, oldApiWire, reconfiguredApiWire } from '../wire/formats';
import { fieldEntries } from './fields';

// The per-field tables of docs/wire-formats.md and docs/domain-rules.md, generated from the field
// registry: `npx tsx scripts/docs-tables.ts` writes them between their marker comments, and
// docsTables.test.ts fails when the committed docs differ from what this file generates.

const code = (s: string | number) => `\`${s}\``;
const row = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;

/** wire-formats.md, "Field by field": kind and the name in each format. */
function wireFields(): string {
  const lines = [
    row(['model field', 'kind', 'new API', 'reconfigured (if different)', 'old API']),
    '|---|---|---|---|---|',
  ];
  for (const [path, def] of fieldEntries) {
    const kind = def.kind === 'enum' ? `enum: ${def.values.join(' / ')}` : def.kind;
    const name = newApiWire.wireName(path);
    const reconfigured = reconfiguredApiWire.wireName(path);
    lines.push(
      row([
        code(path),
        kind,
        code(name),
        reconfigured === name ? '' : code(reconfigured),
        code(oldApiWire.wireName(path)),
      ]),
    );
  }
  return lines.join('\n');
}

/** wire-formats.md, "Enum values": how each choice is spelled on the new API. */
function wireEnums(): string {
  const lines = [
    row(['model field', 'model value', 'new / reconfigured wire', 'old wire']),
    '|---|---|---|---|',
  ];
  for (const [path, def] of fieldEntries) {
    if (def.kind !== 'enum') continue;
    const newValues: Readonly<Record<string, string>> = def.newValues ?? {};
    const wire = def.values.map((v) => newValues[v] ?? v).join(' / ');
    const aliases = Object.keys(def.newValueAliases ?? {});
    lines.push(
      row([
        `${code(path)} → ${code(newApiWire.wireName(path))}`,
        def.values.join(' / '),
        aliases.length > 0 ? `${wire} (also read: ${aliases.join(' / ')})` : wire,
        'as model',
      ]),
    );
  }
  return lines.join('\n');
}

/** domain-rules.md, "Max-length mapping": the fields of each length. */
function maxLengths(): string {
  const byLength = new Map<number, string[]>();
  for (const [path, def] of fieldEntries)
    if (def.max !== undefined) byLength.set(def.max, [...(byLength.get(def.max) ?? []), path]);
  const lines = [row(['N', 'fields']), '|---|---|'];
  for (const n of [...byLength.keys()].sort((a, b) => a - b))
    lines.push(row([n, byLength.get(n)!.map(code).join(', ')]));
  return lines.join('\n');
}

/** Per docs file, its generated blocks by name. */
export const docsTables: Record<string, Record<string, () => string>> = {
  'docs/wire-formats.md': { 'wire-enums': wireEnums, 'wire-fields': wireFields },
  'docs/domain-rules.md': { 'max-lengths': maxLengths },
};

/**
 * The markdown with every generated block replaced. A block is the text between
 * `<!-- generated: NAME ... -->` and `<!-- end generated: NAME -->`; a missing marker throws.
 */
export function withGeneratedTables(
  markdown: string,
  tables: Record<string, () => string>,
): string {
  let out = markdown;
  for (const [name, render] of Object.entries(tables)) {
    const start = out.indexOf(`<!-- generated: ${name} `);
    const end = out.indexOf(`<!-- end generated: ${name} -->`);
    if (start < 0 || end < start) throw new Error(`markers of generated block ${name} missing`);
    const startEnd = out.indexOf('-->', start) + 3;
    out = `${out.slice(0, startEnd)}\n${render()}\n${out.slice(end)}`;
  }
  return out;
}
