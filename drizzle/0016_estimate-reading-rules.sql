CREATE TABLE "estimate_reading_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "estimate_reading_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"signature" text NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estimate_reading_rules" ADD CONSTRAINT "estimate_reading_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_reading_rules" ADD CONSTRAINT "estimate_reading_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_reading_rules_company_signature_idx" ON "estimate_reading_rules" USING btree ("company_id","signature");--> statement-breakpoint
-- A company's reading rules are its own rows: the same wall as every table of a company's rows
-- (see the migration that turned row-level security on), and the platform path reads them.
ALTER TABLE "estimate_reading_rules" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "estimate_reading_rules" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_wall ON "estimate_reading_rules" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
CREATE POLICY platform_read ON "estimate_reading_rules" FOR SELECT TO babe_platform USING (true);
