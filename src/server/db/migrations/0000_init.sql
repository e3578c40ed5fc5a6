CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cid_hash" text NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reached_steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contract_state" text,
	"order_state" text,
	"order_id" text,
	"contract_number" text,
	"premium_cents" integer,
	"rate_cents" integer,
	"digital" boolean DEFAULT false NOT NULL,
	"partner_code" text,
	"sub_partner_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"captcha_verified_at" timestamp with time zone,
	CONSTRAINT "applications_cid_hash_unique" UNIQUE("cid_hash")
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_partners" (
	"partner_code" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "sub_partners_partner_code_code_pk" PRIMARY KEY("partner_code","code")
);
--> statement-breakpoint
CREATE TABLE "bank_names" (
	"bank_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"bic" text,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha_replays" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sub_partners" ADD CONSTRAINT "sub_partners_partner_code_partners_code_fk" FOREIGN KEY ("partner_code") REFERENCES "public"."partners"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_updated_at_idx" ON "applications" USING btree ("updated_at");