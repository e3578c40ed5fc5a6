// The server's single doorway into the domain's rule book (its public API, src/domain/index.ts):
// everything the services need is re-exported here, so no rule is ever written twice.
export * from '../../domain/index';
