CREATE TABLE "budget_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "budget_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"generation_id" integer,
	"source_line" integer,
	"sheet" text,
	"description" text NOT NULL,
	"kind" text NOT NULL,
	"trade" text,
	"cost_code_id" integer,
	"cost_type" text NOT NULL,
	"original_cents" bigint NOT NULL,
	"task_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_lines_kind" CHECK ("budget_lines"."kind" in ('work', 'allowance', 'charge')),
	CONSTRAINT "budget_lines_cost_type" CHECK ("budget_lines"."cost_type" in ('labor', 'material', 'equipment', 'subcontract', 'other'))
);
--> statement-breakpoint
CREATE TABLE "cost_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cost_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"trades" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"takes" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cost_codes_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "cost_codes_takes" CHECK ("cost_codes"."takes" is null or "cost_codes"."takes" in ('charges', 'unclaimed'))
);
--> statement-breakpoint
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_generation_id_plan_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."plan_generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_company_project_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."projects"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_codes" ADD CONSTRAINT "cost_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budget_lines_company_project_idx" ON "budget_lines" USING btree ("company_id","project_id");--> statement-breakpoint
CREATE INDEX "budget_lines_generation_idx" ON "budget_lines" USING btree ("generation_id");--> statement-breakpoint
CREATE INDEX "budget_lines_task_idx" ON "budget_lines" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "budget_lines_cost_code_idx" ON "budget_lines" USING btree ("cost_code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_codes_company_code_idx" ON "cost_codes" USING btree ("company_id","code");--> statement-breakpoint
-- A budget line's task and cost code are its own company's; deleting either clears only that column.
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_company_task_fk" FOREIGN KEY ("company_id","task_id") REFERENCES "public"."tasks"("company_id","id") ON DELETE SET NULL ("task_id");
--> statement-breakpoint
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_company_cost_code_fk" FOREIGN KEY ("company_id","cost_code_id") REFERENCES "public"."cost_codes"("company_id","id") ON DELETE SET NULL ("cost_code_id");
--> statement-breakpoint
-- A company's cost codes and budget are its own rows: the same wall as every table of a company's
-- rows (see the migration that turned row-level security on), and the platform path reads them.
ALTER TABLE "cost_codes" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "cost_codes" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_wall ON "cost_codes" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
CREATE POLICY platform_read ON "cost_codes" FOR SELECT TO babe_platform USING (true);
--> statement-breakpoint
ALTER TABLE "budget_lines" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "budget_lines" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_wall ON "budget_lines" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
CREATE POLICY platform_read ON "budget_lines" FOR SELECT TO babe_platform USING (true);
