import { describe, expect, test } from 'vitest';
import { statusError } from '../http/errors';
import { apiMessages, attributions, partnerApiErrors, statusMessages } from './api';
import { documentTexts } from './documents';
import { mailTexts } from './mails';

/** Every plain string of a catalogue (functions are checked where they are used). */
function leaves(node: unknown, path = ''): Array<[string, string]> {
  if (typeof node === 'string') return [[path, node]];
  if (Array.isArray(node) || typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
}

describe('server text catalogues', () => {
  const all = [
    ...leaves(mailTexts, 'mail'),
    ...leaves(documentTexts, 'document'),
    ...leaves({ statusMessages, apiMessages, attributions, partnerApiErrors }, 'api'),
  ];

  test('hold German sentences, never an empty text or a raw key', () => {
    expect(all.length).toBeGreaterThan(80);
    for (const [path, text] of all) {
      expect(text.trim(), path).not.toBe('');
      expect(text, path).not.toMatch(/^[a-z]+(_[a-z]+)+$/);
      expect(text, path).not.toContain('undefined');
    }
  });

  test('every status answer carries its catalogue sentence; unknown ones fall back to 400', () => {
    for (const [status, message] of Object.entries(statusMessages)) {
      expect(statusError(Number(status)).message).toBe(message);
    }
    const unknown = statusError(409);
    expect([unknown.statusCode, unknown.code, unknown.message]).toEqual([
      409,
      'bad_request',
      statusMessages[400],
    ]);
    expect(apiMessages.documentNotYetIssued).toBe(
      'Das Dokument steht erst zur Verfügung, wenn Ihr Antrag angenommen wurde.',
    );
  });
});
