CREATE TABLE "bank_import_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"end_to_end_id" text,
	"kind" text NOT NULL,
	"reason" text,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"debit_id" uuid,
	"refund_id" uuid,
	"status" text NOT NULL,
	"resolved_by" text
);
--> statement-breakpoint
CREATE TABLE "bank_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sha256" text NOT NULL,
	"format" text NOT NULL,
	"imported_by" text NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	"items" integer NOT NULL,
	CONSTRAINT "bank_imports_sha256_unique" UNIQUE("sha256")
);
--> statement-breakpoint
CREATE TABLE "dunning_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"level" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"deadline" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dunning_notices_level_check" CHECK ("dunning_notices"."level" IN (1, 2))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"period" date,
	"booked_on" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "ledger_entries_amount_check" CHECK (("ledger_entries"."kind" = 'correction' AND "ledger_entries"."amount_cents" <> 0) OR "ledger_entries"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "money_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"done_by" text,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"message_id" text NOT NULL,
	"status" text NOT NULL,
	"xml" text NOT NULL,
	"sha256" text NOT NULL,
	"count" integer NOT NULL,
	"control_sum_cents" integer NOT NULL,
	"execution_on" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"drafted_by" text,
	"drafted_at" timestamp with time zone,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	"released_by" text,
	"released_at" timestamp with time zone,
	CONSTRAINT "payment_batches_message_id_unique" UNIQUE("message_id"),
	CONSTRAINT "payment_batches_sha256_unique" UNIQUE("sha256"),
	CONSTRAINT "payment_batches_four_eyes" CHECK ("payment_batches"."approved_by" <> "payment_batches"."drafted_by"),
	CONSTRAINT "payment_batches_approved_check" CHECK ("payment_batches"."status" NOT IN ('approved', 'released') OR ("payment_batches"."approved_by" IS NOT NULL AND "payment_batches"."drafted_by" IS NOT NULL)),
	CONSTRAINT "payment_batches_released_check" CHECK (("payment_batches"."status" = 'released') = ("payment_batches"."released_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"due_on" date NOT NULL,
	"end_to_end_id" text NOT NULL,
	"status" text NOT NULL,
	"batch_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "refunds_end_to_end_id_unique" UNIQUE("end_to_end_id"),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "sepa_debits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"period" date NOT NULL,
	"attempt" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"due_on" date NOT NULL,
	"mandate_reference" text NOT NULL,
	"sequence" text NOT NULL,
	"end_to_end_id" text NOT NULL,
	"status" text NOT NULL,
	"batch_id" uuid,
	"return_reason" text,
	"notice_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sepa_debits_end_to_end_id_unique" UNIQUE("end_to_end_id"),
	CONSTRAINT "sepa_debits_amount_check" CHECK ("sepa_debits"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "sepa_mandates" (
	"reference" text PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"iban" text NOT NULL,
	"debtor_name" text NOT NULL,
	"signed_on" date NOT NULL,
	"stopped_at" timestamp with time zone,
	"stop_reason" text
);
--> statement-breakpoint
ALTER TABLE "bank_import_items" ADD CONSTRAINT "bank_import_items_import_id_bank_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."bank_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_notices" ADD CONSTRAINT "dunning_notices_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_tasks" ADD CONSTRAINT "money_tasks_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_debits" ADD CONSTRAINT "sepa_debits_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD CONSTRAINT "sepa_mandates_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_import_items_status_idx" ON "bank_import_items" USING btree ("status");--> statement-breakpoint
CREATE INDEX "dunning_notices_application_idx" ON "dunning_notices" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_application_idx" ON "ledger_entries" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_source_kind_idx" ON "ledger_entries" USING btree ("application_id","source","kind");--> statement-breakpoint
CREATE INDEX "money_tasks_open_idx" ON "money_tasks" USING btree ("done_at");--> statement-breakpoint
CREATE INDEX "sepa_debits_status_idx" ON "sepa_debits" USING btree ("status","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_debits_period_attempt_idx" ON "sepa_debits" USING btree ("application_id","period","attempt");