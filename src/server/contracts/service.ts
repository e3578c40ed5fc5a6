import type { ContractActor } from '../../domain/index';
import { Cancellations } from './cancellation';
import { ContractContext, type ContractServiceDeps } from './context';
import { ContractPage } from './page';
import { Releases } from './release';
import { Withdrawals } from './withdrawal';

export { ContractError } from './contractError';
export { checkIdentification } from './identification';
export type { ContractServiceDeps } from './context';

/**
 * The after-sale services in one place for the routes and the back office (ADR 1266): each
 * concern is its own small service over one store (store.ts) — withdrawal.ts, cancellation.ts,
 * release.ts (verification, release, original returned), page.ts (session, view, changes). The
 * method names are the ones callers used before the split.
 */
export class ContractService {
  readonly withdrawals: Withdrawals;
  readonly cancellations: Cancellations;
  readonly releases: Releases;
  readonly page: ContractPage;

  constructor(deps: ContractServiceDeps) {
    const context = new ContractContext(deps);
    this.withdrawals = new Withdrawals(context);
    this.cancellations = new Cancellations(context);
    this.releases = new Releases(context);
    this.page = new ContractPage(context);
  }

  withdrawalLink(token: string) {
    return this.withdrawals.withdrawalLink(token);
  }
  withdraw(input: Parameters<Withdrawals['withdraw']>[0]) {
    return this.withdrawals.withdraw(input);
  }
  sessionFor(applicationId: string) {
    return this.page.sessionFor(applicationId);
  }
  view(applicationId: string) {
    return this.page.view(applicationId);
  }
  document(applicationId: string, kind: string) {
    return this.page.document(applicationId, kind);
  }
  changeIban(applicationId: string, input: unknown) {
    return this.page.changeIban(applicationId, input);
  }
  changeAddress(applicationId: string, input: unknown) {
    return this.page.changeAddress(applicationId, input);
  }
  cancel(applicationId: string) {
    return this.cancellations.cancel(applicationId);
  }
  verification(token: string) {
    return this.releases.verification(token);
  }
  release(token: string, code: unknown, client: string) {
    return this.releases.release(token, code, client);
  }
  originalReturned(applicationId: string, actor: ContractActor) {
    return this.releases.originalReturned(applicationId, actor);
  }
}
