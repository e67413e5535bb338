CREATE TABLE "platform_access_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_access_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"reason" text NOT NULL
);--> statement-breakpoint
ALTER TABLE "calendar_feeds" DROP CONSTRAINT "calendar_feeds_project_id_projects_id_fk";--> statement-breakpoint
ALTER TABLE "ai_insights" DROP CONSTRAINT "ai_insights_project_id_projects_id_fk";--> statement-breakpoint
ALTER TABLE "ai_insights" DROP CONSTRAINT "ai_insights_task_id_tasks_id_fk";--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_project_id_projects_id_fk";--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_task_id_tasks_id_fk";--> statement-breakpoint
ALTER TABLE "plan_generations" DROP CONSTRAINT "plan_generations_project_id_projects_id_fk";--> statement-breakpoint
ALTER TABLE "tasks" DROP CONSTRAINT "tasks_project_id_projects_id_fk";--> statement-breakpoint
ALTER TABLE "tasks" DROP CONSTRAINT "tasks_assigned_contact_id_contacts_id_fk";--> statement-breakpoint
ALTER TABLE "updates" DROP CONSTRAINT "updates_project_id_projects_id_fk";--> statement-breakpoint
ALTER TABLE "updates" DROP CONSTRAINT "updates_task_id_tasks_id_fk";--> statement-breakpoint
ALTER TABLE "baseline_tasks" DROP CONSTRAINT "baseline_tasks_baseline_id_project_baselines_id_fk";--> statement-breakpoint
ALTER TABLE "baseline_tasks" DROP CONSTRAINT "baseline_tasks_task_id_tasks_id_fk";--> statement-breakpoint
ALTER TABLE "project_baselines" DROP CONSTRAINT "project_baselines_project_id_projects_id_fk";--> statement-breakpoint
ALTER TABLE "project_delays" DROP CONSTRAINT "project_delays_project_id_projects_id_fk";--> statement-breakpoint
ALTER TABLE "project_delays" DROP CONSTRAINT "project_delays_task_id_tasks_id_fk";--> statement-breakpoint
CREATE INDEX "platform_access_log_at_idx" ON "platform_access_log" USING btree ("at");--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_id_key" UNIQUE("company_id","id");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_company_id_id_key" UNIQUE("company_id","id");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_company_id_id_key" UNIQUE("company_id","id");--> statement-breakpoint
ALTER TABLE "project_baselines" ADD CONSTRAINT "project_baselines_company_id_id_key" UNIQUE("company_id","id");--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_company_project_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."projects"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_insights" ADD CONSTRAINT "ai_insights_company_project_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."projects"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_company_project_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."projects"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_company_task_fk" FOREIGN KEY ("company_id","task_id") REFERENCES "public"."tasks"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_generations" ADD CONSTRAINT "plan_generations_company_project_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."projects"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_company_project_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."projects"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "updates" ADD CONSTRAINT "updates_company_project_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."projects"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "updates" ADD CONSTRAINT "updates_company_task_fk" FOREIGN KEY ("company_id","task_id") REFERENCES "public"."tasks"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baseline_tasks" ADD CONSTRAINT "baseline_tasks_company_baseline_fk" FOREIGN KEY ("company_id","baseline_id") REFERENCES "public"."project_baselines"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baseline_tasks" ADD CONSTRAINT "baseline_tasks_company_task_fk" FOREIGN KEY ("company_id","task_id") REFERENCES "public"."tasks"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_baselines" ADD CONSTRAINT "project_baselines_company_project_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."projects"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_delays" ADD CONSTRAINT "project_delays_company_project_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."projects"("company_id","id") ON DELETE cascade ON UPDATE no action;
