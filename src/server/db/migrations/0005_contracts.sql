CREATE TABLE "contract_access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contract_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"details" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_letters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"posted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"contract_number" text NOT NULL,
	"status" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"start_on" date NOT NULL,
	"first_debit_on" date NOT NULL,
	"payments_per_year" integer NOT NULL,
	"rate_per_payment_cents" integer NOT NULL,
	"withdrawal_deadline" date NOT NULL,
	"mandate_reference" text NOT NULL,
	"verification_token_hash" text NOT NULL,
	"release_code_hash" text NOT NULL,
	"release_failures" integer DEFAULT 0 NOT NULL,
	"end_on" date,
	"ended_at" timestamp with time zone,
	"refund_cents" integer,
	"outstanding_cents" integer,
	"retain_until" date,
	CONSTRAINT "contracts_contract_number_unique" UNIQUE("contract_number"),
	CONSTRAINT "contracts_verification_token_hash_unique" UNIQUE("verification_token_hash")
);
--> statement-breakpoint
ALTER TABLE "contract_access_tokens" ADD CONSTRAINT "contract_access_tokens_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_letters" ADD CONSTRAINT "contract_letters_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_access_tokens_expires_at_idx" ON "contract_access_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "contract_events_application_at_idx" ON "contract_events" USING btree ("application_id","at");--> statement-breakpoint
CREATE INDEX "contracts_retain_until_idx" ON "contracts" USING btree ("retain_until");