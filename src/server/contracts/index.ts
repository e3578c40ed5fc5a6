// After the sale (issue 12): contract status, audit history, withdrawal, contract page, release.
export { ContractService } from './service';
export { registerContractRoutes } from './routes';
