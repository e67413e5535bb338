import type { ProjectStatus, ProjectType } from '@/contracts/enums';

/** What the project form's fields hold (the contract schemas parse it into the request body). */
export interface ProjectFormValues {
  name: string;
  client: string;
  description: string;
  type: ProjectType;
  status: ProjectStatus;
  budget: string;
  /** ISO 4217 code of the budget (and the task costs). */
  currency: string;
  progress: number;
  startDate: string;
  endDate: string;
  /** The contractual completion date `YYYY-MM-DD`; blank for none. */
  deadline: string;
  siteAddress: string;
  /** The job's country and state or region; null for the company's default. */
  location: { country: string; state: string | null } | null;
  /** Set when the typed client is to be saved as a new client contact (create only). */
  newClientContact?: { email: string } | undefined;
  /** Edit only: move the schedule with a changed start date. */
  shiftSchedule?: boolean | undefined;
}
