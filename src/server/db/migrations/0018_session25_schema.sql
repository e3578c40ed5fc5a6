CREATE TABLE "collection_handovers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"handed_over_by" text NOT NULL,
	"handed_over_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_insurers" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"insurer_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instalment_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"purpose" text NOT NULL,
	"total_cents" integer NOT NULL,
	"count" integer NOT NULL,
	"mandate_reference" text NOT NULL,
	"covered_periods" jsonb NOT NULL,
	"agreed_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "instalment_plans_total_check" CHECK ("instalment_plans"."total_cents" > 0 AND "instalment_plans"."count" BETWEEN 1 AND 12)
);
--> statement-breakpoint
CREATE TABLE "instalments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"n" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"due_on" date NOT NULL,
	CONSTRAINT "instalments_amount_check" CHECK ("instalments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"opened_by" text NOT NULL,
	"reason" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_by" text,
	"closed_at" timestamp with time zone,
	"closing_note" text,
	CONSTRAINT "payment_disputes_closed_check" CHECK (("payment_disputes"."closed_at" IS NULL) = ("payment_disputes"."closed_by" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "evidence_blobs" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evidence_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"store" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_search_terms" (
	"application_id" uuid NOT NULL,
	"term" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_search_terms_application_id_term_pk" PRIMARY KEY("application_id","term")
);
--> statement-breakpoint
DROP INDEX "sepa_debits_period_attempt_idx";--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "money_tasks" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "sepa_debits" ADD COLUMN "instalment_id" uuid;--> statement-breakpoint
ALTER TABLE "collection_handovers" ADD CONSTRAINT "collection_handovers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_insurers" ADD CONSTRAINT "contract_insurers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_plans" ADD CONSTRAINT "instalment_plans_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_plan_id_instalment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."instalment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_search_terms" ADD CONSTRAINT "staff_search_terms_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "instalment_plans_seq_idx" ON "instalment_plans" USING btree ("application_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "instalments_plan_n_idx" ON "instalments" USING btree ("plan_id","n");--> statement-breakpoint
CREATE INDEX "instalments_application_idx" ON "instalments" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "payment_disputes_application_idx" ON "payment_disputes" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "evidence_files_owner_idx" ON "evidence_files" USING btree ("owner_kind","owner_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_search_terms_term_idx" ON "staff_search_terms" USING btree ("term" text_pattern_ops,"submitted_at","application_id");--> statement-breakpoint
CREATE INDEX "sepa_debits_file_order_idx" ON "sepa_debits" USING btree ("status","sequence","due_on","end_to_end_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_debits_instalment_attempt_idx" ON "sepa_debits" USING btree ("instalment_id","attempt") WHERE "sepa_debits"."instalment_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_debits_period_attempt_idx" ON "sepa_debits" USING btree ("application_id","period","attempt") WHERE "sepa_debits"."instalment_id" IS NULL;