CREATE TABLE "sign_in_attempts" (
	"email" text NOT NULL,
	"client" text NOT NULL,
	"failures" integer NOT NULL,
	"first_failure_at" timestamp with time zone NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	"signed_in_at" timestamp with time zone,
	CONSTRAINT "sign_in_attempts_email_client_pk" PRIMARY KEY("email","client")
);
--> statement-breakpoint
CREATE INDEX "sign_in_attempts_last_failure_idx" ON "sign_in_attempts" USING btree ("last_failure_at");