CREATE TABLE "claim_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"claim_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"creditor_name" text NOT NULL,
	"creditor_iban" text NOT NULL,
	"end_to_end_id" text NOT NULL,
	"remittance" text NOT NULL,
	"status" text NOT NULL,
	"four_eyes_limit_cents" integer NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	"batch_id" uuid,
	"paid_at" timestamp with time zone,
	"paid_confirmed_by" text,
	CONSTRAINT "claim_payouts_item_id_unique" UNIQUE("item_id"),
	CONSTRAINT "claim_payouts_end_to_end_id_unique" UNIQUE("end_to_end_id"),
	CONSTRAINT "claim_payouts_amount_check" CHECK ("claim_payouts"."amount_cents" > 0),
	CONSTRAINT "claim_payouts_four_eyes" CHECK ("claim_payouts"."approved_by" <> "claim_payouts"."requested_by"),
	CONSTRAINT "claim_payouts_approved_check" CHECK ("claim_payouts"."status" = 'awaiting_approval' OR "claim_payouts"."amount_cents" <= "claim_payouts"."four_eyes_limit_cents" OR ("claim_payouts"."approved_by" IS NOT NULL AND "claim_payouts"."approved_at" IS NOT NULL))
);
--> statement-breakpoint
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
CREATE TABLE "claim_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"answer" text NOT NULL,
	"reason" text,
	"counter_cents" integer,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "claim_answers_item_id_unique" UNIQUE("item_id"),
	CONSTRAINT "claim_answers_counter_check" CHECK (("claim_answers"."answer" = 'counter') = ("claim_answers"."counter_cents" IS NOT NULL AND "claim_answers"."counter_cents" > 0)),
	CONSTRAINT "claim_answers_reason_check" CHECK ("claim_answers"."answer" <> 'object' OR "claim_answers"."reason" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "claim_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"claimed_cents" integer NOT NULL,
	"details" jsonb NOT NULL,
	"decision" text,
	"decided_cents" integer,
	"decision_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"paid_cents" integer,
	"paid_at" timestamp with time zone,
	"recovered_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "claim_items_claimed_check" CHECK ("claim_items"."claimed_cents" > 0),
	CONSTRAINT "claim_items_decided_check" CHECK ("claim_items"."decided_cents" IS NULL OR ("claim_items"."decided_cents" >= 0 AND "claim_items"."decided_cents" <= "claim_items"."claimed_cents")),
	CONSTRAINT "claim_items_paid_check" CHECK ("claim_items"."paid_cents" IS NULL OR ("claim_items"."paid_cents" > 0 AND "claim_items"."paid_cents" <= "claim_items"."decided_cents"))
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"state" text NOT NULL,
	"filed_via" text NOT NULL,
	"filed_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	"answer_due_on" date,
	"answer_ends_at" timestamp with time zone,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"total_claimed_cents" integer NOT NULL,
	"landlord_email" text NOT NULL,
	"landlord_iban" text NOT NULL,
	"landlord_account_holder" text NOT NULL,
	"declared_due_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "claims_reference_unique" UNIQUE("reference"),
	CONSTRAINT "claims_total_check" CHECK ("claims"."total_claimed_cents" > 0)
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
ALTER TABLE "contracts" ADD COLUMN "partially_released_on" date;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "retained_cents" integer;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "guarantee_limit_cents" integer;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "reduced_rate_per_payment_cents" integer;--> statement-breakpoint
ALTER TABLE "bank_import_items" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "money_tasks" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "sepa_debits" ADD COLUMN "instalment_id" uuid;--> statement-breakpoint
ALTER TABLE "claim_payouts" ADD CONSTRAINT "claim_payouts_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_handovers" ADD CONSTRAINT "collection_handovers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_insurers" ADD CONSTRAINT "contract_insurers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_plans" ADD CONSTRAINT "instalment_plans_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_plan_id_instalment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."instalment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_answers" ADD CONSTRAINT "claim_answers_item_id_claim_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."claim_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_items" ADD CONSTRAINT "claim_items_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_search_terms" ADD CONSTRAINT "staff_search_terms_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_payouts_status_idx" ON "claim_payouts" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "instalment_plans_seq_idx" ON "instalment_plans" USING btree ("application_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "instalments_plan_n_idx" ON "instalments" USING btree ("plan_id","n");--> statement-breakpoint
CREATE INDEX "instalments_application_idx" ON "instalments" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "payment_disputes_application_idx" ON "payment_disputes" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_items_claim_position_idx" ON "claim_items" USING btree ("claim_id","position");--> statement-breakpoint
CREATE INDEX "claim_items_state_idx" ON "claim_items" USING btree ("state");--> statement-breakpoint
CREATE INDEX "claims_application_idx" ON "claims" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "claims_state_idx" ON "claims" USING btree ("state");--> statement-breakpoint
CREATE INDEX "evidence_files_owner_idx" ON "evidence_files" USING btree ("owner_kind","owner_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_search_terms_term_idx" ON "staff_search_terms" USING btree ("term" text_pattern_ops,"submitted_at","application_id");--> statement-breakpoint
CREATE INDEX "sepa_debits_file_order_idx" ON "sepa_debits" USING btree ("status","sequence","due_on","end_to_end_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_debits_instalment_attempt_idx" ON "sepa_debits" USING btree ("instalment_id","attempt") WHERE "sepa_debits"."instalment_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_debits_period_attempt_idx" ON "sepa_debits" USING btree ("application_id","period","attempt") WHERE "sepa_debits"."instalment_id" IS NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_partial_release_check" CHECK (("contracts"."partially_released_on" IS NULL) = ("contracts"."retained_cents" IS NULL) AND ("contracts"."partially_released_on" IS NULL) = ("contracts"."guarantee_limit_cents" IS NULL) AND ("contracts"."partially_released_on" IS NULL) = ("contracts"."reduced_rate_per_payment_cents" IS NULL) AND ("contracts"."retained_cents" IS NULL OR "contracts"."retained_cents" > 0));