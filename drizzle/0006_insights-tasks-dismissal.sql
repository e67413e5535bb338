ALTER TABLE "ai_insights" ADD COLUMN "task_id" integer;--> statement-breakpoint
ALTER TABLE "ai_insights" ADD COLUMN "source" text DEFAULT 'plan' NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_insights" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "ai_insights" ADD COLUMN "dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ai_insights" ADD COLUMN "dismissed_by" text;--> statement-breakpoint
ALTER TABLE "ai_insights" ADD CONSTRAINT "ai_insights_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_insights" ADD CONSTRAINT "ai_insights_dismissed_by_users_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_insights_task_idx" ON "ai_insights" USING btree ("task_id");