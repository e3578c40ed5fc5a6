import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Logger } from '../log';

/** Reference data a fresh installation needs (bank names, example partners); idempotent. */
export async function seedReferenceData(
  _db: Database,
  _config: Config,
  _log: Logger,
): Promise<void> {}
