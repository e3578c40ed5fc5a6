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
ALTER TABLE "contracts" ADD COLUMN "partially_released_on" date;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "retained_cents" integer;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "guarantee_limit_cents" integer;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "reduced_rate_per_payment_cents" integer;--> statement-breakpoint
ALTER TABLE "bank_import_items" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "claim_payouts" ADD CONSTRAINT "claim_payouts_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_answers" ADD CONSTRAINT "claim_answers_item_id_claim_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."claim_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_items" ADD CONSTRAINT "claim_items_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_payouts_status_idx" ON "claim_payouts" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_items_claim_position_idx" ON "claim_items" USING btree ("claim_id","position");--> statement-breakpoint
CREATE INDEX "claim_items_state_idx" ON "claim_items" USING btree ("state");--> statement-breakpoint
CREATE INDEX "claims_application_idx" ON "claims" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "claims_state_idx" ON "claims" USING btree ("state");--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_partial_release_check" CHECK (("contracts"."partially_released_on" IS NULL) = ("contracts"."retained_cents" IS NULL) AND ("contracts"."partially_released_on" IS NULL) = ("contracts"."guarantee_limit_cents" IS NULL) AND ("contracts"."partially_released_on" IS NULL) = ("contracts"."reduced_rate_per_payment_cents" IS NULL) AND ("contracts"."retained_cents" IS NULL OR "contracts"."retained_cents" > 0));