// The one drizzle pg-core schema of the product; drizzle-kit generates the migrations from it.
export * from './applications';
export * from './partners';
export * from './reference';
export * from './processing';
export * from './contracts';
export * from './idempotency';
export * from './partnerApi';
export * from './rateLimits';
export * from './staff';
export * from './contractRequests';
export * from './products';
export * from './guaranteeRequests';
export * from './money';
export * from './claims';
export * from './evidence';
export * from './staffSearch';
