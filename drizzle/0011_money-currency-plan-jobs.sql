ALTER TABLE "ai_insights" ALTER COLUMN "potential_savings" SET DATA TYPE numeric(15, 2);--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "budget" SET DATA TYPE numeric(15, 2);--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "estimated_cost" SET DATA TYPE numeric(15, 2);--> statement-breakpoint
ALTER TABLE "plan_generations" ADD COLUMN "document_id" integer;--> statement-breakpoint
ALTER TABLE "plan_generations" ADD COLUMN "input" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_generations" ADD CONSTRAINT "plan_generations_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;