CREATE TABLE "plan_generations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plan_generations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"content_hash" text NOT NULL,
	"file_name" text,
	"status" text DEFAULT 'running' NOT NULL,
	"step" text DEFAULT 'initializing' NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"analyzer" text,
	"result" jsonb,
	"error" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "calendar" jsonb;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "start_no_earlier_than" date;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "materials_expected_date" date;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "plan_generation_id" integer;--> statement-breakpoint
ALTER TABLE "plan_generations" ADD CONSTRAINT "plan_generations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_generations" ADD CONSTRAINT "plan_generations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_generations" ADD CONSTRAINT "plan_generations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_generations_company_idx" ON "plan_generations" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_generations_project_content_idx" ON "plan_generations" USING btree ("project_id","content_hash");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_plan_generation_id_plan_generations_id_fk" FOREIGN KEY ("plan_generation_id") REFERENCES "public"."plan_generations"("id") ON DELETE set null ON UPDATE no action;