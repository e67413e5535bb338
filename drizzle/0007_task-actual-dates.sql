ALTER TABLE "tasks" ADD COLUMN "actual_start" date;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "actual_finish" date;