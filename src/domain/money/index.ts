export * from './ledger';
export * from './settlement';
export * from './target2';
export * from './returns';
export * from './collection';
export * from './bankFiles';
export * from './epc';
export * from './dunning';
