CREATE TABLE "contract_session_revocations" (
	"session_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
