CREATE TABLE "application_products" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"product_selection" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_products" ADD CONSTRAINT "application_products_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;