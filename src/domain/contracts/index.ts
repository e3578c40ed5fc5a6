export * from './status';
export * from './calendar';
export * from './premiums';
export * from './periods';
export * from './letters';
