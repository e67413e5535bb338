export * from './crew.js';
export * from './month-grid.js';
export * from './period.js';
export * from './project-colour.js';
export * from './summary.js';
export * from './tasks-by-day.js';
