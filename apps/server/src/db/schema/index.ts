export * from './users.js';
export * from './sessions.js';
export * from './reference.js';
export * from './apps.js';
export * from './keywords.js';
export * from './plans.js';
export * from './billing.js';
export * from './programs.js';
