ALTER TABLE "decisions" ADD COLUMN "partner_code" text;--> statement-breakpoint
ALTER TABLE "decisions" ADD COLUMN "sub_partner_code" text;