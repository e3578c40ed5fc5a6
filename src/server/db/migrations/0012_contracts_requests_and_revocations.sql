CREATE TABLE "contract_requests" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"application_id" uuid,
	"received_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contract_session_revocations" (
	"session_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contract_requests_expires_at_idx" ON "contract_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "contract_requests_application_id_idx" ON "contract_requests" USING btree ("application_id");