/**
 * Critical-path scheduling: the engine, working calendars, the adverse-weather allowance,
 * task dependency text, and reading Primavera P6 (XER) and MS Project (MSPDI XML) files.
 * Pure functions on plain data; see each module for details.
 */
export {
  ADVERSE_WEATHER_REGIONS,
  type AdverseWeatherRegion,
  type MonthlyAdverseDays,
  WORKING_DAYS_PER_MONTH,
} from './adverse-weather-days.js';
export {
  type BaselineComparison,
  type BaselineDates,
  compareWithBaseline,
  finishVarianceCounter,
} from './baseline-variance.js';
export {
  type CalendarException,
  type CompiledCalendar,
  compileCalendar,
  DEFAULT_CALENDAR,
  type HolidayRule,
  hoursPerDay,
  periodMinutes,
  standardDayPeriods,
  validateCalendar,
  WEEKDAYS_MON_FRI,
  type WorkCalendar,
  type WorkCalendarOptions,
  type WorkPeriod,
  workCalendar,
} from './calendar.js';
export {
  hasNoWorkingDay,
  projectWorkingDays,
  taskWorkingDays,
  type WorkingDays,
  workingDays,
} from './calendar-days.js';
export {
  type CriticalPathSchedule,
  type CycleError,
  isLinkType,
  LINK_TYPES,
  type LinkType,
  type ScheduleColumns,
  type ScheduleColumnsResult,
  type ScheduledTask,
  type ScheduleError,
  type ScheduleLink,
  type ScheduleOptions,
  type ScheduleResult,
  type ScheduleTask,
  schedule,
  scheduleColumns,
  scheduledTasks,
  type TaskError,
  type TaskId,
} from './critical-path.js';
export { ownDelayDays, type ScheduleDelay, weatherStopDays } from './delay-impact.js';
export {
  type DependenciesResult,
  type Dependency,
  type LinksResult,
  linksFromDependencies,
  parseDependencies,
  serializeDependencies,
  type TaskWithDependencies,
} from './dependencies.js';
export { readMspdi } from './import/mspdi-reader.js';
export type {
  ImportError,
  ImportedBaseline,
  ImportedCalendar,
  ImportedConstraints,
  ImportedLink,
  ImportedProject,
  ImportedTask,
  ImportResult,
  ScheduleFileFormat,
  ScheduleImport,
} from './import/schedule-import.js';
export {
  type ImportedSchedule,
  type ImportedScheduleResult,
  type ImportedTaskSchedule,
  scheduleImported,
} from './import/schedule-imported.js';
export { dateOfP6DayNumber, decodeClndrData } from './import/xer-calendar.js';
export { type ReadXerOptions, readXer } from './import/xer-reader.js';
export { parseXerTables, type XerRow, type XerTables } from './import/xer-tables.js';
export type { IsoDate, IsoDateTime, Weekday } from './iso-date.js';
export { LINK_TYPE_NAMES } from './link-types.js';
export {
  addMonths,
  NEW_PROJECT_MONTHS,
  newProjectDates,
  nextWorkingDay,
  startToday,
} from './new-project-dates.js';
export {
  MAX_CALENDAR_DATES,
  type ProjectCalendar,
  type ProjectCalendarResult,
  projectCalendarOf,
  projectWorkCalendar,
  readProjectCalendar,
  workCalendarOf,
} from './project-calendar.js';
export {
  type ProjectSchedule,
  type ProjectScheduleOptions,
  type ProjectScheduleResult,
  type ProjectTask,
  type ProjectTaskSchedule,
  scheduleProject,
} from './project-schedule.js';
export { type WorkingDayShift, workingDayShift } from './project-shift.js';
export { type Holiday, usFederalHolidays } from './us-holidays.js';
export {
  adverseWeatherRegion,
  WEATHER_SENSITIVE_TRADES,
  type WeatherSensitiveTrade,
  weatherAllowanceDays,
  weatherSensitiveTrade,
  weatherTradeOf,
} from './weather-allowance.js';
export { type WeatherDaysNotice, weatherDaysNotice } from './weather-notice.js';
export {
  createWorkingDayIndex,
  finishDateAt,
  offsetOfDate,
  startDateAt,
  type WorkingDayIndex,
  workingDateAt,
} from './working-days.js';
export {
  createWorkingTimeIndex,
  type InstantEdge,
  indexedMinutes,
  instantAtOffset,
  offsetOfInstant,
  type WorkingTimeExtent,
  type WorkingTimeIndex,
} from './working-time.js';
