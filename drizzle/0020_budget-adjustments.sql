CREATE TABLE "budget_adjustments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "budget_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"kind" text NOT NULL,
	"change_order_id" integer,
	"cost_code_id" integer,
	"task_id" integer,
	"description" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_adjustments_kind" CHECK ("budget_adjustments"."kind" in ('change_order', 'transfer'))
);
--> statement-breakpoint
CREATE TABLE "job_cost_estimates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_cost_estimates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"cost_code_id" integer,
	"task_id" integer,
	"uncommitted_cents" bigint NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_cost_estimates_cell_key" UNIQUE NULLS NOT DISTINCT("project_id","cost_code_id","task_id"),
	CONSTRAINT "job_cost_estimates_not_negative" CHECK ("job_cost_estimates"."uncommitted_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "budget_adjustments" ADD CONSTRAINT "budget_adjustments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_adjustments" ADD CONSTRAINT "budget_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_adjustments" ADD CONSTRAINT "budget_adjustments_company_project_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."projects"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_cost_estimates" ADD CONSTRAINT "job_cost_estimates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_cost_estimates" ADD CONSTRAINT "job_cost_estimates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_cost_estimates" ADD CONSTRAINT "job_cost_estimates_company_project_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."projects"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budget_adjustments_company_project_idx" ON "budget_adjustments" USING btree ("company_id","project_id");--> statement-breakpoint
CREATE INDEX "budget_adjustments_change_order_idx" ON "budget_adjustments" USING btree ("change_order_id");--> statement-breakpoint
CREATE INDEX "budget_adjustments_cost_code_idx" ON "budget_adjustments" USING btree ("cost_code_id");--> statement-breakpoint
CREATE INDEX "budget_adjustments_task_idx" ON "budget_adjustments" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "job_cost_estimates_company_project_idx" ON "job_cost_estimates" USING btree ("company_id","project_id");--> statement-breakpoint
-- An adjustment's or estimate's task and cost code are its own company's; deleting either clears
-- only that column of an adjustment (its amount stays in the revised budget) and takes an estimate.
ALTER TABLE "budget_adjustments" ADD CONSTRAINT "budget_adjustments_company_task_fk" FOREIGN KEY ("company_id","task_id") REFERENCES "public"."tasks"("company_id","id") ON DELETE SET NULL ("task_id");
--> statement-breakpoint
ALTER TABLE "budget_adjustments" ADD CONSTRAINT "budget_adjustments_company_cost_code_fk" FOREIGN KEY ("company_id","cost_code_id") REFERENCES "public"."cost_codes"("company_id","id") ON DELETE SET NULL ("cost_code_id");
--> statement-breakpoint
ALTER TABLE "job_cost_estimates" ADD CONSTRAINT "job_cost_estimates_company_task_fk" FOREIGN KEY ("company_id","task_id") REFERENCES "public"."tasks"("company_id","id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "job_cost_estimates" ADD CONSTRAINT "job_cost_estimates_company_cost_code_fk" FOREIGN KEY ("company_id","cost_code_id") REFERENCES "public"."cost_codes"("company_id","id") ON DELETE CASCADE;
--> statement-breakpoint
-- A company's adjustments and estimates are its own rows: the same wall as every table of a
-- company's rows, and the platform path reads them.
ALTER TABLE "budget_adjustments" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "budget_adjustments" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_wall ON "budget_adjustments" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
CREATE POLICY platform_read ON "budget_adjustments" FOR SELECT TO babe_platform USING (true);
--> statement-breakpoint
ALTER TABLE "job_cost_estimates" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "job_cost_estimates" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_wall ON "job_cost_estimates" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
CREATE POLICY platform_read ON "job_cost_estimates" FOR SELECT TO babe_platform USING (true);
