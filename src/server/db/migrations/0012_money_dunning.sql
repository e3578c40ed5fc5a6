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
ALTER TABLE "dunning_notices" ADD CONSTRAINT "dunning_notices_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dunning_notices_application_idx" ON "dunning_notices" USING btree ("application_id");