CREATE TABLE "commitment_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commitment_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"commitment_id" integer NOT NULL,
	"cost_code_id" integer,
	"task_id" integer,
	"description" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "commitment_lines_amount" CHECK ("commitment_lines"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "commitments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commitments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"vendor_contact_id" integer,
	"title" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"issued_at" timestamp with time zone,
	"issued_by" text,
	"closed_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commitments_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "commitments_project_number_key" UNIQUE("company_id","project_id","number"),
	CONSTRAINT "commitments_kind" CHECK ("commitments"."kind" in ('purchase_order', 'subcontract')),
	CONSTRAINT "commitments_status" CHECK ("commitments"."status" in ('draft', 'issued', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "cost_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cost_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"kind" text NOT NULL,
	"vendor_contact_id" integer,
	"number" text,
	"entry_date" date NOT NULL,
	"due_date" date,
	"commitment_id" integer,
	"document_id" integer,
	"memo" text DEFAULT '' NOT NULL,
	"acknowledged_flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cost_entries_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "cost_entries_kind" CHECK ("cost_entries"."kind" in ('bill', 'expense', 'labor'))
);
--> statement-breakpoint
CREATE TABLE "cost_entry_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cost_entry_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"cost_code_id" integer,
	"task_id" integer,
	"description" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"hours" numeric(10, 2),
	"rate_cents" bigint,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cost_entry_lines_amount" CHECK ("cost_entry_lines"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "commitment_lines" ADD CONSTRAINT "commitment_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commitment_lines" ADD CONSTRAINT "commitment_lines_company_commitment_fk" FOREIGN KEY ("company_id","commitment_id") REFERENCES "public"."commitments"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commitments" ADD CONSTRAINT "commitments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commitments" ADD CONSTRAINT "commitments_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commitments" ADD CONSTRAINT "commitments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commitments" ADD CONSTRAINT "commitments_company_project_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."projects"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_entries" ADD CONSTRAINT "cost_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_entries" ADD CONSTRAINT "cost_entries_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_entries" ADD CONSTRAINT "cost_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_entries" ADD CONSTRAINT "cost_entries_company_project_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."projects"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_entry_lines" ADD CONSTRAINT "cost_entry_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_entry_lines" ADD CONSTRAINT "cost_entry_lines_company_entry_fk" FOREIGN KEY ("company_id","entry_id") REFERENCES "public"."cost_entries"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commitment_lines_commitment_idx" ON "commitment_lines" USING btree ("company_id","commitment_id");--> statement-breakpoint
CREATE INDEX "commitment_lines_cost_code_idx" ON "commitment_lines" USING btree ("cost_code_id");--> statement-breakpoint
CREATE INDEX "commitment_lines_task_idx" ON "commitment_lines" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "commitments_company_project_idx" ON "commitments" USING btree ("company_id","project_id");--> statement-breakpoint
CREATE INDEX "cost_entries_company_project_idx" ON "cost_entries" USING btree ("company_id","project_id");--> statement-breakpoint
CREATE INDEX "cost_entries_commitment_idx" ON "cost_entries" USING btree ("commitment_id");--> statement-breakpoint
CREATE INDEX "cost_entries_vendor_idx" ON "cost_entries" USING btree ("company_id","vendor_contact_id");--> statement-breakpoint
CREATE INDEX "cost_entries_document_idx" ON "cost_entries" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "cost_entry_lines_entry_idx" ON "cost_entry_lines" USING btree ("company_id","entry_id");--> statement-breakpoint
CREATE INDEX "cost_entry_lines_cost_code_idx" ON "cost_entry_lines" USING btree ("cost_code_id");--> statement-breakpoint
CREATE INDEX "cost_entry_lines_task_idx" ON "cost_entry_lines" USING btree ("task_id");--> statement-breakpoint

-- A commitment or cost entry names its own company's vendor, cost codes, tasks and commitment; deleting
-- one of those clears only that column (a bill stays, without its vendor or code).
ALTER TABLE "commitments" ADD CONSTRAINT "commitments_company_vendor_fk" FOREIGN KEY ("company_id","vendor_contact_id") REFERENCES "public"."contacts"("company_id","id") ON DELETE SET NULL ("vendor_contact_id");
--> statement-breakpoint
ALTER TABLE "commitment_lines" ADD CONSTRAINT "commitment_lines_company_cost_code_fk" FOREIGN KEY ("company_id","cost_code_id") REFERENCES "public"."cost_codes"("company_id","id") ON DELETE SET NULL ("cost_code_id");
--> statement-breakpoint
ALTER TABLE "commitment_lines" ADD CONSTRAINT "commitment_lines_company_task_fk" FOREIGN KEY ("company_id","task_id") REFERENCES "public"."tasks"("company_id","id") ON DELETE SET NULL ("task_id");
--> statement-breakpoint
ALTER TABLE "cost_entries" ADD CONSTRAINT "cost_entries_company_vendor_fk" FOREIGN KEY ("company_id","vendor_contact_id") REFERENCES "public"."contacts"("company_id","id") ON DELETE SET NULL ("vendor_contact_id");
--> statement-breakpoint
ALTER TABLE "cost_entries" ADD CONSTRAINT "cost_entries_company_commitment_fk" FOREIGN KEY ("company_id","commitment_id") REFERENCES "public"."commitments"("company_id","id") ON DELETE SET NULL ("commitment_id");
--> statement-breakpoint
ALTER TABLE "cost_entry_lines" ADD CONSTRAINT "cost_entry_lines_company_cost_code_fk" FOREIGN KEY ("company_id","cost_code_id") REFERENCES "public"."cost_codes"("company_id","id") ON DELETE SET NULL ("cost_code_id");
--> statement-breakpoint
ALTER TABLE "cost_entry_lines" ADD CONSTRAINT "cost_entry_lines_company_task_fk" FOREIGN KEY ("company_id","task_id") REFERENCES "public"."tasks"("company_id","id") ON DELETE SET NULL ("task_id");
--> statement-breakpoint
ALTER TABLE "commitments" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "commitments" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_wall ON "commitments" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
CREATE POLICY platform_read ON "commitments" FOR SELECT TO babe_platform USING (true);
--> statement-breakpoint
ALTER TABLE "commitment_lines" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "commitment_lines" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_wall ON "commitment_lines" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
CREATE POLICY platform_read ON "commitment_lines" FOR SELECT TO babe_platform USING (true);
--> statement-breakpoint
ALTER TABLE "cost_entries" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "cost_entries" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_wall ON "cost_entries" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
CREATE POLICY platform_read ON "cost_entries" FOR SELECT TO babe_platform USING (true);
--> statement-breakpoint
ALTER TABLE "cost_entry_lines" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "cost_entry_lines" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_wall ON "cost_entry_lines" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
CREATE POLICY platform_read ON "cost_entry_lines" FOR SELECT TO babe_platform USING (true);
