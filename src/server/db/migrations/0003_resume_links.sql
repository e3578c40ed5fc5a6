CREATE TABLE "resume_links" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"sealed_cid" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resume_links" ADD CONSTRAINT "resume_links_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;