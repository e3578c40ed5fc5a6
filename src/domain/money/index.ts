export * from './ledger';
export * from './settlement';
