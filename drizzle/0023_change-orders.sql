CREATE TABLE "change_order_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "change_order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"change_order_id" integer NOT NULL,
	"event" text NOT NULL,
	"user_id" text,
	"user_name" text,
	"signer" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" "inet",
	"user_agent" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_order_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "change_order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"change_order_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"cost_code_id" integer,
	"task_id" integer,
	"description" text NOT NULL,
	"amount_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_order_signing" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "change_order_signing_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"change_order_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"contact_id" integer,
	"sent_by" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"viewed_at" timestamp with time zone,
	"code_hash" text,
	"code_sent_at" timestamp with time zone,
	"code_expires_at" timestamp with time zone,
	"codes_sent" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"session_hash" text,
	"session_expires_at" timestamp with time zone,
	"pdf_base64" text NOT NULL,
	"pdf_sha256" text NOT NULL,
	"outcome" text,
	"used_at" timestamp with time zone,
	"consent_text" text,
	"signer_name" text,
	"signature_kind" text,
	"signature" text,
	"signed_ip" "inet",
	"signed_user_agent" text,
	CONSTRAINT "change_order_signing_outcome" CHECK ("change_order_signing"."outcome" is null or "change_order_signing"."outcome" in ('signed', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "change_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "change_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"number" text NOT NULL,
	"title" text NOT NULL,
	"reason" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"markup_basis_points" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"task_changes" jsonb NOT NULL,
	"contract_change_cents" bigint DEFAULT 0 NOT NULL,
	"approved_impact" jsonb,
	"declined_reason" text,
	"void_reason" text,
	"submitted_by" text,
	"approved_by" text,
	"approval_method" text,
	"approved_at" timestamp with time zone,
	"paper_document_id" integer,
	"signed_document_id" integer,
	"signed_pdf_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_orders_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "change_orders_reason" CHECK ("change_orders"."reason" in ('owner_request', 'unforeseen_condition', 'design_change', 'other')),
	CONSTRAINT "change_orders_status" CHECK ("change_orders"."status" in ('draft', 'sent', 'approved', 'declined', 'void')),
	CONSTRAINT "change_orders_markup" CHECK ("change_orders"."markup_basis_points" between 0 and 10000),
	CONSTRAINT "change_orders_approval_method" CHECK ("change_orders"."approval_method" is null or "change_orders"."approval_method" in ('signature', 'paper'))
);
--> statement-breakpoint
ALTER TABLE "change_order_events" ADD CONSTRAINT "change_order_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_events" ADD CONSTRAINT "change_order_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_events" ADD CONSTRAINT "change_order_events_company_co_fk" FOREIGN KEY ("company_id","change_order_id") REFERENCES "public"."change_orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_lines" ADD CONSTRAINT "change_order_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_lines" ADD CONSTRAINT "change_order_lines_company_co_fk" FOREIGN KEY ("company_id","change_order_id") REFERENCES "public"."change_orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_signing" ADD CONSTRAINT "change_order_signing_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_signing" ADD CONSTRAINT "change_order_signing_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_signing" ADD CONSTRAINT "change_order_signing_company_co_fk" FOREIGN KEY ("company_id","change_order_id") REFERENCES "public"."change_orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_orders" ADD CONSTRAINT "change_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_orders" ADD CONSTRAINT "change_orders_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_orders" ADD CONSTRAINT "change_orders_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_orders" ADD CONSTRAINT "change_orders_company_project_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."projects"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_order_events_co_idx" ON "change_order_events" USING btree ("change_order_id","at");--> statement-breakpoint
CREATE INDEX "change_order_events_company_idx" ON "change_order_events" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "change_order_lines_co_idx" ON "change_order_lines" USING btree ("change_order_id");--> statement-breakpoint
CREATE INDEX "change_order_lines_company_idx" ON "change_order_lines" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "change_order_signing_token_idx" ON "change_order_signing" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "change_order_signing_co_idx" ON "change_order_signing" USING btree ("change_order_id");--> statement-breakpoint
CREATE INDEX "change_order_signing_company_idx" ON "change_order_signing" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "change_orders_company_project_idx" ON "change_orders" USING btree ("company_id","project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "change_orders_project_number_idx" ON "change_orders" USING btree ("project_id","number");--> statement-breakpoint
-- A line's cost code and task are its own company's; deleting either clears only that column.
ALTER TABLE "change_order_lines" ADD CONSTRAINT "change_order_lines_company_task_fk" FOREIGN KEY ("company_id","task_id") REFERENCES "public"."tasks"("company_id","id") ON DELETE SET NULL ("task_id");
--> statement-breakpoint
ALTER TABLE "change_order_lines" ADD CONSTRAINT "change_order_lines_company_cost_code_fk" FOREIGN KEY ("company_id","cost_code_id") REFERENCES "public"."cost_codes"("company_id","id") ON DELETE SET NULL ("cost_code_id");
--> statement-breakpoint
ALTER TABLE "change_orders" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "change_orders" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_wall ON "change_orders" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
CREATE POLICY platform_read ON "change_orders" FOR SELECT TO babe_platform USING (true);
--> statement-breakpoint
ALTER TABLE "change_order_lines" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "change_order_lines" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_wall ON "change_order_lines" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
CREATE POLICY platform_read ON "change_order_lines" FOR SELECT TO babe_platform USING (true);
--> statement-breakpoint
ALTER TABLE "change_order_events" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "change_order_events" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_wall ON "change_order_events" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
CREATE POLICY platform_read ON "change_order_events" FOR SELECT TO babe_platform USING (true);
--> statement-breakpoint
ALTER TABLE "change_order_signing" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "change_order_signing" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_wall ON "change_order_signing" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
CREATE POLICY platform_read ON "change_order_signing" FOR SELECT TO babe_platform USING (true);
--> statement-breakpoint
-- A signing link is opened before its company is known: its row is read by its token's hash alone.
CREATE POLICY token_lookup ON "change_order_signing" FOR SELECT USING ("token_hash" = current_setting('app.token_hash', true));
