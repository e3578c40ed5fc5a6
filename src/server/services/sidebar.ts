import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const sidebarDir = fileURLToPath(new URL('../../../content/sidebar/', import.meta.url));

export interface SidebarText {
  name: string;
  title: string;
  paragraphs: string[];
}

const namePattern = /^[A-Za-z][A-Za-z0-9_.-]{0,80}$/;

/**
 * Help texts for the sidebar, one Markdown-like file per field or extra in content/sidebar
 * ("# Title" then paragraphs separated by blank lines); names are the domain's field paths.
 */
export async function readSidebarText(
  name: string,
  dir = sidebarDir,
): Promise<SidebarText | undefined> {
  if (!namePattern.test(name) || name.includes('..')) return undefined;
  let text: string;
  try {
    text = await readFile(join(dir, `${name}.md`), 'utf8');
  } catch {
    return undefined;
  }
  const blocks = text
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  const first = blocks[0] ?? '';
  const title = first.startsWith('# ') ? first.slice(2).trim() : name;
  const paragraphs = (first.startsWith('# ') ? blocks.slice(1) : blocks).map((b) =>
    b.replace(/\s*\n\s*/g, ' '),
  );
  return { name, title, paragraphs };
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function sidebarHtml(t: SidebarText): string {
  return `<section class="sidebar-help"><h2>${escapeHtml(t.title)}</h2>${t.paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('')}</section>`;
}
