export * from './accounts.js';
export * from './billing.js';
export * from './calendar-feeds.js';
export * from './contacts.js';
export * from './enums.js';
export * from './network.js';
export * from './projects.js';
export * from './team.js';
