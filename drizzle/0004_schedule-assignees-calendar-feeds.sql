CREATE TABLE "calendar_feeds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_feeds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"project_id" integer,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "assigned_contact_id" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "assignee_name" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_idx" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "calendar_feeds_company_user_idx" ON "calendar_feeds" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "calendar_feeds_project_idx" ON "calendar_feeds" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_personal_active_idx" ON "calendar_feeds" USING btree ("user_id") WHERE "calendar_feeds"."project_id" is null and "calendar_feeds"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_project_active_idx" ON "calendar_feeds" USING btree ("project_id") WHERE "calendar_feeds"."project_id" is not null and "calendar_feeds"."revoked_at" is null;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assigned_contact_id_contacts_id_fk" FOREIGN KEY ("assigned_contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_company_end_start_idx" ON "tasks" USING btree ("company_id","end_date","start_date");--> statement-breakpoint
CREATE INDEX "tasks_assigned_contact_idx" ON "tasks" USING btree ("assigned_contact_id");--> statement-breakpoint
CREATE INDEX "tasks_assigned_to_idx" ON "tasks" USING btree ("assigned_to");--> statement-breakpoint
-- Tasks already assigned to a member keep that member's name, like tasks assigned from now on.
UPDATE "tasks" SET "assignee_name" = coalesce(nullif(trim(concat_ws(' ', "users"."first_name", "users"."last_name")), ''), "users"."email") FROM "users" WHERE "users"."id" = "tasks"."assigned_to";--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_one_assignee" CHECK ("tasks"."assigned_to" is null or "tasks"."assigned_contact_id" is null);