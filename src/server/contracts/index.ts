// After the sale (issue 12): contract status, audit history, withdrawal, contract page, release.
export { registerContractRoutes } from './routes';
export { registerPartialReleaseRoutes } from './partialReleaseRoutes';
