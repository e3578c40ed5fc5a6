import { createHash, randomBytes } from 'node:crypto';

/** A secret handed out once (enrolment link, session cookie): 256 random bits, base64url. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a handed-out secret. */
export const hashSecret = (s: string): string => createHash('sha256').update(s).digest('hex');
