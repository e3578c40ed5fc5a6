CREATE SEQUENCE "public"."contract_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."reservation_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"outcome" text NOT NULL,
	"auto_outcome" text NOT NULL,
	"reasons" jsonb NOT NULL,
	"decided_by" text NOT NULL,
	"premium_cents" integer,
	"rate_cents" integer,
	"digital" boolean NOT NULL,
	"decided_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deleted_applications" (
	"cid_hash" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"filename" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "decisions" ADD CONSTRAINT "decisions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "decisions_application_kind_uq" ON "decisions" USING btree ("application_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "decisions_number_uq" ON "decisions" USING btree ("number");--> statement-breakpoint
CREATE INDEX "decisions_outcome_decided_at_idx" ON "decisions" USING btree ("outcome","decided_at");--> statement-breakpoint
CREATE INDEX "deleted_applications_deleted_at_idx" ON "deleted_applications" USING btree ("deleted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_application_kind_uq" ON "documents" USING btree ("application_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "mails_application_kind_uq" ON "mails" USING btree ("application_id","kind");