CREATE TYPE "public"."delay_cause" AS ENUM('weather', 'owner', 'material', 'inspection', 'labor', 'other');--> statement-breakpoint
CREATE TABLE "baseline_tasks" (
	"baseline_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"finish_date" date NOT NULL,
	"duration" integer NOT NULL,
	CONSTRAINT "baseline_tasks_baseline_id_task_id_pk" PRIMARY KEY("baseline_id","task_id")
);
--> statement-breakpoint
CREATE TABLE "project_baselines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_baselines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_delays" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_delays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"task_id" integer,
	"task_name" text NOT NULL,
	"cause" "delay_cause" NOT NULL,
	"days" integer NOT NULL,
	"date" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"was_critical" boolean NOT NULL,
	"finish_before" date NOT NULL,
	"finish_after" date NOT NULL,
	"finish_moved_days" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "data_date" date;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "remaining_duration" integer;--> statement-breakpoint
ALTER TABLE "baseline_tasks" ADD CONSTRAINT "baseline_tasks_baseline_id_project_baselines_id_fk" FOREIGN KEY ("baseline_id") REFERENCES "public"."project_baselines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baseline_tasks" ADD CONSTRAINT "baseline_tasks_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baseline_tasks" ADD CONSTRAINT "baseline_tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_baselines" ADD CONSTRAINT "project_baselines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_baselines" ADD CONSTRAINT "project_baselines_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_baselines" ADD CONSTRAINT "project_baselines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_delays" ADD CONSTRAINT "project_delays_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_delays" ADD CONSTRAINT "project_delays_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_delays" ADD CONSTRAINT "project_delays_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_delays" ADD CONSTRAINT "project_delays_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "baseline_tasks_task_idx" ON "baseline_tasks" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "project_baselines_project_idx" ON "project_baselines" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "project_baselines_company_idx" ON "project_baselines" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "project_delays_project_idx" ON "project_delays" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "project_delays_company_idx" ON "project_delays" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "project_delays_task_idx" ON "project_delays" USING btree ("task_id");