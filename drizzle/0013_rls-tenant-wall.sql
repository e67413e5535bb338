-- Row-level security: the database's second wall between companies (docs/security.md).
-- The app works as babe_app, a role that owns nothing, and says which company each transaction
-- is for in the setting app.company_id; a row of another company is invisible and cannot be
-- written. The platform's operators read across companies as babe_platform, through an audited
-- path. Both roles are created here when missing (the owner needs CREATEROLE then) and granted
-- their privileges by the app after every migration (src/server/db/roles.ts).
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'babe_app') THEN
    CREATE ROLE babe_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  -- Another database on the same server created it at the same moment: roles are server-wide.
  NULL;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'babe_platform') THEN
    CREATE ROLE babe_platform NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END $$;
--> statement-breakpoint
-- A row's task or contact is one of its own company's; deleting it clears only that column.
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_company_contact_fk" FOREIGN KEY ("company_id","assigned_contact_id") REFERENCES "public"."contacts"("company_id","id") ON DELETE SET NULL ("assigned_contact_id");
--> statement-breakpoint
ALTER TABLE "ai_insights" ADD CONSTRAINT "ai_insights_company_task_fk" FOREIGN KEY ("company_id","task_id") REFERENCES "public"."tasks"("company_id","id") ON DELETE SET NULL ("task_id");
--> statement-breakpoint
ALTER TABLE "project_delays" ADD CONSTRAINT "project_delays_company_task_fk" FOREIGN KEY ("company_id","task_id") REFERENCES "public"."tasks"("company_id","id") ON DELETE SET NULL ("task_id");
--> statement-breakpoint
-- Every table of a company's own rows: only the transaction's company sees or writes them. An unset
-- setting (no company) matches nothing, and never fails: nullif turns the empty value a setting
-- keeps after a transaction that set it into null. FORCE binds the table's owner too (a superuser
-- and a BYPASSRLS role still pass: the app never works as one).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'projects', 'tasks', 'updates', 'documents', 'plan_generations', 'contacts', 'ai_insights',
    'project_baselines', 'baseline_tasks', 'project_delays', 'company_invites', 'calendar_feeds',
    'builtin_subscriptions'
  ] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_wall ON %I USING (company_id = nullif(current_setting(''app.company_id'', true), '''')::integer) '
      'WITH CHECK (company_id = nullif(current_setting(''app.company_id'', true), '''')::integer)', t);
    EXECUTE format('CREATE POLICY platform_read ON %I FOR SELECT TO babe_platform USING (true)', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- An address that carries a token (a calendar feed, an invitation) is its own authorisation: the
-- transaction that knows the token's hash may read that one row, before any company is known.
CREATE POLICY token_lookup ON "calendar_feeds" FOR SELECT USING ("token_hash" = current_setting('app.token_hash', true));
--> statement-breakpoint
CREATE POLICY token_lookup ON "company_invites" FOR SELECT USING ("token_hash" = current_setting('app.token_hash', true));
