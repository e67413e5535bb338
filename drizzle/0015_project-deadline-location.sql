ALTER TABLE "projects" ADD COLUMN "deadline" date;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "site_address" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "state" text;--> statement-breakpoint
-- The project's list JSON with the new fields, as toProjectDto writes them: the deadline, the days
-- the finish falls after it (0 on time, null without one), the site address, the location (null
-- while no country is set), and no estimate waiting for answers (the list reads that in).
CREATE OR REPLACE FUNCTION projects_write_dto_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.dto_json := json_build_object(
    'id', NEW.id, 'name', NEW.name, 'description', NEW.description,
    'client', NEW.client, 'type', NEW.type, 'status', NEW.status,
    'budget', NEW.budget::text, 'currency', NEW.currency, 'progress', NEW.progress,
    -- Times as Date.prototype.toISOString writes them: UTC, milliseconds.
    'startDate', to_char(NEW.start_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'endDate', to_char(NEW.end_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'deadline', to_char(NEW.deadline, 'YYYY-MM-DD'),
    'daysPastDeadline', CASE WHEN NEW.deadline IS NULL THEN NULL
      ELSE greatest(0, (NEW.end_date AT TIME ZONE 'UTC')::date - NEW.deadline) END,
    'siteAddress', NEW.site_address,
    'location', CASE WHEN NEW.country IS NULL THEN NULL
      ELSE json_build_object('country', NEW.country, 'state', NEW.state) END,
    'awaitingAnswers', false,
    'calendar', null, 'dataDate', NEW.data_date, 'createdBy', NEW.created_by,
    'createdAt', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )::text;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The projects already there, written again. Row-level security binds the tables' owner too (FORCE):
-- lifted for this one statement, inside the migration's transaction, so every company's rows are written.
ALTER TABLE "projects" NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
UPDATE "projects" SET "dto_json" = NULL;
--> statement-breakpoint
ALTER TABLE "projects" FORCE ROW LEVEL SECURITY;
