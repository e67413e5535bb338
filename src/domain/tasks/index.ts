export * from './actual-dates.js';
export * from './dependencies.js';
export * from './materials.js';
export * from './progress.js';
export * from './punchlist.js';
export * from './remaining-duration.js';
export * from './result.js';
export * from './task-start.js';
