export * from './status';
export * from './calendar';
export * from './premiums';
export * from './periods';
export * from './mandate';
export * from './postingDay';
export * from './letters';
export * from './partialRelease';
