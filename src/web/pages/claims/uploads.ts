import { buildUrl } from '../../api/http';
import { contractTexts } from '../../../domain/messages/contracts';

/**
 * Sends chosen files to an upload grant of the evidence module (multipart, as a form would).
 * Answers the number stored, or the German message of the refusal (type, size, count).
 */
export async function uploadEvidence(
  base: string,
  grant: string,
  files: readonly File[],
): Promise<{ stored: number; message?: undefined } | { stored?: undefined; message: string }> {
  const form = new FormData();
  for (const f of files) form.append('files', f, f.name);
  try {
    const r = await fetch(buildUrl(base, grant), {
      method: 'POST',
      body: form,
      credentials: 'include',
    });
    const body = (await r.json()) as {
      files?: unknown[];
      errors?: { message: string }[];
      message?: string;
    };
    if (r.ok) return { stored: body.files?.length ?? 0 };
    return { message: body.errors?.[0]?.message ?? body.message ?? contractTexts.errors.network };
  } catch {
    return { message: contractTexts.errors.network };
  }
}
