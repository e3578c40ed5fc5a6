CREATE TABLE "staff_search_terms" (
	"application_id" uuid NOT NULL,
	"term" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_search_terms_application_id_term_pk" PRIMARY KEY("application_id","term")
);
--> statement-breakpoint
ALTER TABLE "staff_search_terms" ADD CONSTRAINT "staff_search_terms_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_search_terms_term_idx" ON "staff_search_terms" USING btree ("term" text_pattern_ops,"submitted_at","application_id");--> statement-breakpoint
CREATE INDEX "sepa_debits_file_order_idx" ON "sepa_debits" USING btree ("status","sequence","due_on","end_to_end_id");