CREATE TYPE "public"."billing_plan" AS ENUM('monthly', 'yearly');--> statement-breakpoint
CREATE TYPE "public"."builtin_subscription_status" AS ENUM('trialing', 'active', 'past_due', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."promo_discount_type" AS ENUM('percent', 'amount');--> statement-breakpoint
CREATE TABLE "builtin_subscriptions" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"plan" "billing_plan" NOT NULL,
	"status" "builtin_subscription_status" DEFAULT 'trialing' NOT NULL,
	"trial_ends_at" timestamp with time zone,
	"promo_code" text,
	"promo_discount_type" "promo_discount_type",
	"promo_discount" numeric(10, 2),
	"activated_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"discount_type" "promo_discount_type" NOT NULL,
	"discount" numeric(10, 2) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "promo_codes_code_normalized" CHECK ("promo_codes"."code" <> '' and "promo_codes"."code" = upper(btrim("promo_codes"."code"))),
	CONSTRAINT "promo_codes_discount_range" CHECK ("promo_codes"."discount" > 0 and ("promo_codes"."discount_type" <> 'percent' or "promo_codes"."discount" <= 100))
);
--> statement-breakpoint
ALTER TABLE "builtin_subscriptions" ADD CONSTRAINT "builtin_subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Seed: one example code for the built-in billing provider (20% off after the trial).
INSERT INTO "promo_codes" ("code", "discount_type", "discount") VALUES ('BUILD20', 'percent', 20) ON CONFLICT ("code") DO NOTHING;
