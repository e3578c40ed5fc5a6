/**
 * A small MIME reader for tests: enough for what nodemailer writes (multipart, base64,
 * quoted-printable, encoded-word subjects). Tests read received mail with it.
 */
export interface MimePart {
  headers: Map<string, string>;
  contentType: string;
  filename: string | undefined;
  body: Buffer;
  parts: MimePart[];
}

function decodeWords(v: string): string {
  return v.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQp(data.replace(/_/g, ' ')).toString('utf8'),
  );
}

function decodeQp(s: string): Buffer {
  const bytes: number[] = [];
  const text = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(ch, 'utf8'));
  }
  return Buffer.from(bytes);
}

function param(header: string, name: string): string | undefined {
  const m = new RegExp(`${name}\\*?="?([^";]+)"?`, 'i').exec(header);
  return m?.[1] ? decodeWords(m[1]) : undefined;
}

export function parseMime(raw: Buffer | string): MimePart {
  const text = typeof raw === 'string' ? raw : raw.toString('latin1');
  const split = text.search(/\r?\n\r?\n/);
  const head = split < 0 ? text : text.slice(0, split);
  const bodyText = split < 0 ? '' : text.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).toLowerCase(), decodeWords(line.slice(i + 1).trim()));
  }
  const ct = headers.get('content-type') ?? 'text/plain';
  const contentType = (ct.split(';')[0] ?? '').trim().toLowerCase();
  const filename = param(headers.get('content-disposition') ?? '', 'filename') ?? param(ct, 'name');
  const parts: MimePart[] = [];
  let body: Buffer = Buffer.from(bodyText, 'latin1');
  if (contentType.startsWith('multipart/')) {
    const boundary = param(ct, 'boundary') ?? '';
    const chunks = bodyText.split(`--${boundary}`).slice(1);
    for (const chunk of chunks) {
      if (chunk.startsWith('--')) break;
      parts.push(parseMime(chunk.replace(/^\r?\n/, '')));
    }
  } else {
    const cte = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
    if (cte === 'base64') body = Buffer.from(bodyText.replace(/\s+/g, ''), 'base64');
    else if (cte === 'quoted-printable') body = decodeQp(bodyText);
  }
  return { headers, contentType, filename, body, parts };
}

/** All leaf parts, depth first. */
export function leaves(part: MimePart): MimePart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(leaves);
}
