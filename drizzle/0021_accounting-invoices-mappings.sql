CREATE TABLE "accounting_mappings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounting_mappings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"cost_code_id" integer,
	"project_id" integer,
	"contact_id" integer,
	"account" text,
	"account_code" text,
	"item" text,
	"name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_mappings_one_subject" CHECK (num_nonnulls("accounting_mappings"."cost_code_id", "accounting_mappings"."project_id", "accounting_mappings"."contact_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "accounting_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"ap_account" text DEFAULT 'Accounts Payable' NOT NULL,
	"ar_account" text DEFAULT 'Accounts Receivable' NOT NULL,
	"income_account" text DEFAULT 'Construction Income' NOT NULL,
	"xero_tax_type" text DEFAULT 'Tax Exempt' NOT NULL,
	"xero_tracking_name" text DEFAULT 'Job' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_invoice_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_invoice_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"cost_code_id" integer,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "client_invoice_lines_amount" CHECK ("client_invoice_lines"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "client_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"number" text NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date,
	"status" text DEFAULT 'draft' NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_invoices_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "client_invoices_status" CHECK ("client_invoices"."status" in ('draft', 'approved'))
);
--> statement-breakpoint
ALTER TABLE "accounting_mappings" ADD CONSTRAINT "accounting_mappings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_mappings" ADD CONSTRAINT "accounting_mappings_company_cost_code_fk" FOREIGN KEY ("company_id","cost_code_id") REFERENCES "public"."cost_codes"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_mappings" ADD CONSTRAINT "accounting_mappings_company_project_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."projects"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_mappings" ADD CONSTRAINT "accounting_mappings_company_contact_fk" FOREIGN KEY ("company_id","contact_id") REFERENCES "public"."contacts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_settings" ADD CONSTRAINT "accounting_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoice_lines" ADD CONSTRAINT "client_invoice_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoice_lines" ADD CONSTRAINT "client_invoice_lines_company_invoice_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."client_invoices"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_company_project_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."projects"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_mappings_cost_code_idx" ON "accounting_mappings" USING btree ("company_id","cost_code_id") WHERE "accounting_mappings"."cost_code_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_mappings_project_idx" ON "accounting_mappings" USING btree ("company_id","project_id") WHERE "accounting_mappings"."project_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_mappings_contact_idx" ON "accounting_mappings" USING btree ("company_id","contact_id") WHERE "accounting_mappings"."contact_id" is not null;--> statement-breakpoint
CREATE INDEX "client_invoice_lines_invoice_idx" ON "client_invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "client_invoice_lines_cost_code_idx" ON "client_invoice_lines" USING btree ("cost_code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_invoices_project_number_idx" ON "client_invoices" USING btree ("company_id","project_id","number");--> statement-breakpoint
-- An invoice line's cost code is its own company's; deleting the code clears only that column.
ALTER TABLE "client_invoice_lines" ADD CONSTRAINT "client_invoice_lines_company_cost_code_fk" FOREIGN KEY ("company_id","cost_code_id") REFERENCES "public"."cost_codes"("company_id","id") ON DELETE SET NULL ("cost_code_id");
--> statement-breakpoint
ALTER TABLE "client_invoices" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "client_invoices" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_wall ON "client_invoices" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
CREATE POLICY platform_read ON "client_invoices" FOR SELECT TO babe_platform USING (true);
--> statement-breakpoint
ALTER TABLE "client_invoice_lines" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "client_invoice_lines" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_wall ON "client_invoice_lines" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
CREATE POLICY platform_read ON "client_invoice_lines" FOR SELECT TO babe_platform USING (true);
--> statement-breakpoint
ALTER TABLE "accounting_mappings" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "accounting_mappings" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_wall ON "accounting_mappings" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
CREATE POLICY platform_read ON "accounting_mappings" FOR SELECT TO babe_platform USING (true);
--> statement-breakpoint
ALTER TABLE "accounting_settings" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "accounting_settings" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_wall ON "accounting_settings" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
CREATE POLICY platform_read ON "accounting_settings" FOR SELECT TO babe_platform USING (true);
