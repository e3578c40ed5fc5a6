import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import type { Services } from '../services/index';
import { registerHealth } from './health';

export interface ApiDeps {
  config: Config;
  db: Database;
  clock: Clock;
  services: Services;
}

/** All routes: the new API (/api/...), the old API on the same services, health. */
export async function registerApi(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  registerHealth(app, deps.db);
}
