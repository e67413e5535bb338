-- Each project as the API's list shows it, kept by the database beside the row: the portfolio list
-- then reads one text column per project instead of building every project's JSON on each request.
-- The calendar is left out (null); the server reads a stored one in. A test holds this JSON equal to
-- the server's own answer for one project (toProjectDto) for every column: a column added to the
-- API's project must be added here too, by a migration that replaces the function.
ALTER TABLE "projects" ADD COLUMN "dto_json" text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION projects_write_dto_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.dto_json := json_build_object(
    'id', NEW.id, 'name', NEW.name, 'description', NEW.description,
    'client', NEW.client, 'type', NEW.type, 'status', NEW.status,
    'budget', NEW.budget::text, 'currency', NEW.currency, 'progress', NEW.progress,
    -- Times as Date.prototype.toISOString writes them: UTC, milliseconds.
    'startDate', to_char(NEW.start_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'endDate', to_char(NEW.end_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'calendar', null, 'dataDate', NEW.data_date, 'createdBy', NEW.created_by,
    'createdAt', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )::text;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Every insert and update, whatever it changed and whoever wrote it: the JSON is never behind the row.
CREATE TRIGGER projects_dto_json BEFORE INSERT OR UPDATE ON "projects"
  FOR EACH ROW EXECUTE FUNCTION projects_write_dto_json();
--> statement-breakpoint
-- The projects already there. Row-level security binds the tables' owner too (FORCE): lifted for
-- this one statement, inside the migration's transaction, so that every company's rows are written.
ALTER TABLE "projects" NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
UPDATE "projects" SET "dto_json" = NULL;
--> statement-breakpoint
ALTER TABLE "projects" FORCE ROW LEVEL SECURITY;
