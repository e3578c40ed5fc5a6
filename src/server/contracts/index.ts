// After the sale (issue 12): contract status, audit history, withdrawal, contract page, release.
export { recordContractEvent } from './events';
export { openContract } from './open';
export {
  contractCredentials,
  verificationUrl,
  withdrawalUrl,
  normaliseReleaseCode,
} from './credentials';
export { ContractService, ACCESS_LINK_MINUTES, SESSION_MINUTES } from './service';
export { registerContractRoutes, SESSION_COOKIE } from './routes';
