import { evidenceTypes, type EvidenceMime } from '../../domain/evidence/rules';

const extensionsOf: Record<EvidenceMime, string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
};

/**
 * The name a file is shown and downloaded under: the last path segment the browser sent, without
 * control characters, at most 120 characters, ending in the extension of the detected type
 * (`foto.exe` that is a PNG is offered as `foto.exe.png`, never as an executable).
 */
export function evidenceFileName(sent: string | undefined, mime: EvidenceMime): string {
  const last = (sent ?? '').split(/[\\/]/).pop() ?? '';
  const clean =
    last
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f"]/g, '')
      .trim()
      .slice(-120) || 'Nachweis';
  const ext = clean.includes('.') ? clean.split('.').pop()!.toLowerCase() : '';
  return extensionsOf[mime].includes(ext) ? clean : `${clean}.${evidenceTypes[mime].extension}`;
}

/** Content-Disposition for a download: an ASCII fallback plus the UTF-8 name (RFC 6266/8187). */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
