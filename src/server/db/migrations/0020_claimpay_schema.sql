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
ALTER TABLE "contracts" ADD COLUMN "partially_released_on" date;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "retained_cents" integer;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "guarantee_limit_cents" integer;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "reduced_rate_per_payment_cents" integer;--> statement-breakpoint
ALTER TABLE "bank_import_items" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "claim_payouts" ADD CONSTRAINT "claim_payouts_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_payouts_status_idx" ON "claim_payouts" USING btree ("status");--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_partial_release_check" CHECK (("contracts"."partially_released_on" IS NULL) = ("contracts"."retained_cents" IS NULL) AND ("contracts"."partially_released_on" IS NULL) = ("contracts"."guarantee_limit_cents" IS NULL) AND ("contracts"."partially_released_on" IS NULL) = ("contracts"."reduced_rate_per_payment_cents" IS NULL) AND ("contracts"."retained_cents" IS NULL OR "contracts"."retained_cents" > 0));