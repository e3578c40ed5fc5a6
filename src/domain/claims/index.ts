export * from './kinds';
export * from './states';
export * from './deadlines';
export * from './amounts';
export * from './validate';
export * from './decisions';
