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
ALTER TABLE "claim_answers" ADD CONSTRAINT "claim_answers_item_id_claim_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."claim_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_items" ADD CONSTRAINT "claim_items_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claim_items_claim_position_idx" ON "claim_items" USING btree ("claim_id","position");--> statement-breakpoint
CREATE INDEX "claim_items_state_idx" ON "claim_items" USING btree ("state");--> statement-breakpoint
CREATE INDEX "claims_application_idx" ON "claims" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "claims_state_idx" ON "claims" USING btree ("state");