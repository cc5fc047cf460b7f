export * from './users.js';
export * from './sessions.js';
export * from './reference.js';
export * from './apps.js';
export * from './keywords.js';
